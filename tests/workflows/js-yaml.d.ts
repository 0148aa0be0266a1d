// js-yaml ships no types and @types/js-yaml is not installed: the one call the workflow test
// makes, typed here.
declare module 'js-yaml' {
  export function load(text: string): unknown
}
