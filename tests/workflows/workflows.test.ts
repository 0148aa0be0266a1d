/**
 * The GitHub workflows (docs/desktop.md, "Desktop journeys" and "Release workflow") cannot run here, so
 * this reads them and checks what each job must do: on which runners, and which steps in which
 * order. Each check answers the problems it finds, so the mutated copies below prove that it
 * notices what it is meant to notice.
 */
import { load } from 'js-yaml'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import electronConfig from '../../playwright.electron.config'

const root = fileURLToPath(new URL('../..', import.meta.url))
const OSES = ['ubuntu-latest', 'windows-latest', 'macos-latest']
const ELECTRON_TESTS = 'npx playwright test -c playwright.electron.config.ts'

interface Step {
  name?: string
  uses?: string
  run?: string
  if?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
}

interface Job {
  name?: string
  'runs-on'?: string
  if?: string
  needs?: string | string[]
  env?: Record<string, string>
  permissions?: Record<string, string>
  strategy?: { matrix?: { os?: string[] } }
  steps?: Step[]
}

interface Workflow {
  on?: Record<string, unknown>
  permissions?: Record<string, string>
  jobs?: Record<string, Job>
}

const readWorkflow = (name: string) =>
  load(readFileSync(`${root}.github/workflows/${name}`, 'utf8')) as Workflow

const packageScripts = (
  JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }
).scripts

/** Where the first step matching `test` is, or -1. */
const stepIndex = (job: Job, test: (step: Step) => boolean) => (job.steps ?? []).findIndex(test)
const runs = (text: string) => (step: Step) => step.run?.includes(text) ?? false
const usesAction = (action: string) => (step: Step) => step.uses?.split('@')[0] === action

/** The runners a job runs on: its matrix's, or its one runner. */
function runners(job: Job): string[] {
  if (job['runs-on'] === '${{ matrix.os }}') return job.strategy?.matrix?.os ?? []
  return job['runs-on'] ? [job['runs-on']] : []
}

/** Problems every job of every workflow must not have. */
function commonProblems(workflow: Workflow): string[] {
  const problems: string[] = []
  if (workflow.permissions?.contents !== 'read') problems.push('token not read-only by default')
  for (const [id, job] of Object.entries(workflow.jobs ?? {})) {
    for (const step of job.steps ?? []) {
      if (step.uses && !/^[\w-]+\/[\w-]+@v\d+$/.test(step.uses)) {
        problems.push(`${id}: ${step.uses} is not an action at a major version`)
      }
      for (const [, script = ''] of step.run?.matchAll(/npm run ([\w:-]+)/g) ?? []) {
        if (!(script in packageScripts)) problems.push(`${id}: no npm script ${script}`)
      }
      if (usesAction('actions/setup-node')(step)) {
        if (String(step.with?.['node-version']) !== '20') problems.push(`${id}: not node 20`)
        if (step.with?.cache !== 'npm') problems.push(`${id}: no npm cache`)
      }
    }
    const checkout = stepIndex(job, usesAction('actions/checkout'))
    const setupNode = stepIndex(job, usesAction('actions/setup-node'))
    if (job.steps?.some((step) => step.run?.includes('npm')) && (checkout < 0 || setupNode < 0)) {
      problems.push(`${id}: npm without checkout and setup-node`)
    }
  }
  return problems
}

/** Runs the Electron tests on Linux under xvfb and elsewhere as they are, with `extra` args. */
function electronTestProblems(id: string, job: Job, extra: string): string[] {
  const problems: string[] = []
  const command = `${ELECTRON_TESTS}${extra}`
  const linux = (job.steps ?? []).find((step) => step.if === "runner.os == 'Linux'")
  const others = (job.steps ?? []).find((step) => step.if === "runner.os != 'Linux'")
  if (!linux?.run?.startsWith('xvfb-run ') || !linux.run.trimEnd().endsWith(command)) {
    problems.push(`${id}: Linux does not run \`${command}\` under xvfb-run`)
  }
  if (others?.run?.trim() !== command) problems.push(`${id}: Windows and macOS do not run it`)
  const upload = (job.steps ?? []).find(
    (step) =>
      usesAction('actions/upload-artifact')(step) &&
      step.with?.path === `${electronConfig.outputDir}/`,
  )
  if (upload?.if !== 'failure()') {
    problems.push(`${id}: traces and screenshots are not uploaded when a journey fails`)
  }
  return problems
}

function ciProblems(workflow: Workflow): string[] {
  const problems = commonProblems(workflow)
  if (!workflow.on || !('push' in workflow.on) || !('pull_request' in workflow.on)) {
    problems.push('not on push and pull_request')
  }
  const checks = workflow.jobs?.checks
  if (!checks || runners(checks).join() !== 'ubuntu-latest') {
    problems.push('checks: not on ubuntu-latest')
  } else if (stepIndex(checks, (step) => step.run === 'bash .ci/run') < 0) {
    problems.push('checks: does not run bash .ci/run')
  }
  const desktop = workflow.jobs?.desktop
  if (!desktop) return [...problems, 'no desktop job']
  if (runners(desktop).toSorted().join() !== OSES.toSorted().join()) {
    problems.push('desktop: not on ubuntu, windows and macos')
  }
  const install = stepIndex(desktop, (step) => step.run === 'npm ci')
  const setup = stepIndex(desktop, (step) => step.run === 'npm run desktop:setup')
  const tests = stepIndex(desktop, runs(ELECTRON_TESTS))
  if (!(install >= 0 && install < setup && setup < tests)) {
    problems.push('desktop: not npm ci, then desktop:setup, then the journeys')
  }
  if (desktop.env?.GAMERSTAGE_REQUIRE_ELECTRON !== '1') {
    problems.push('desktop: journeys may skip for want of Electron')
  }
  return [...problems, ...electronTestProblems('desktop', desktop, '')]
}

function releaseProblems(workflow: Workflow): string[] {
  const problems = commonProblems(workflow)
  const push = workflow.on?.push as { tags?: string[] } | undefined
  if (!push?.tags?.includes('v*')) problems.push('not on v* tags')
  if (!workflow.on || !('workflow_dispatch' in workflow.on)) problems.push('no workflow_dispatch')
  const installers = workflow.jobs?.installers
  if (!installers) return [...problems, 'no installers job']
  if (runners(installers).toSorted().join() !== OSES.toSorted().join()) {
    problems.push('installers: not on ubuntu, windows and macos')
  }
  const install = stepIndex(installers, (step) => step.run === 'npm ci')
  const dist = stepIndex(installers, (step) => step.run === 'npm run dist')
  const smoke = stepIndex(installers, runs(`${ELECTRON_TESTS} --project packaged`))
  const upload = stepIndex(
    installers,
    (step) => usesAction('actions/upload-artifact')(step) && step.if === undefined,
  )
  if (!(install >= 0 && install < dist && dist < smoke && smoke < upload)) {
    problems.push('installers: not npm ci, dist, smoke journey, then upload')
  }
  const uploaded = String(installers.steps?.[upload]?.with?.path ?? '')
  for (const pattern of ['dist/*.exe', 'dist/*.dmg', 'dist/*.AppImage', 'dist/*.deb']) {
    if (!uploaded.split('\n').includes(pattern))
      problems.push(`installers: ${pattern} not uploaded`)
  }
  if (installers.env?.GAMERSTAGE_REQUIRE_PACKAGED !== '1') {
    problems.push('installers: the smoke journey may skip')
  }
  problems.push(...electronTestProblems('installers', installers, ' --project packaged'))

  const release = workflow.jobs?.release
  if (!release) return [...problems, 'no release job']
  if (release.if !== "startsWith(github.ref, 'refs/tags/v')") problems.push('release: not on tags')
  if (([] as string[]).concat(release.needs ?? []).join() !== 'installers') {
    problems.push('release: does not wait for the installers')
  }
  if (release.permissions?.contents !== 'write') problems.push('release: cannot write a release')
  const download = stepIndex(release, usesAction('actions/download-artifact'))
  const attach = stepIndex(release, runs('gh release create "$GITHUB_REF_NAME" installers/*'))
  if (!(download >= 0 && download < attach)) {
    problems.push('release: installers not attached to a release')
  }
  return problems
}

/** A deep copy to break on purpose. */
const copy = <T>(value: T): T => structuredClone(value)

/** The part of a workflow a mutation changes; the test stops if the workflow lacks it. */
function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`the workflow has no ${what}`)
  return value
}
const jobOf = (workflow: Workflow, id: string) => must(workflow.jobs?.[id], `job ${id}`)
const stepsOf = (workflow: Workflow, id: string) => must(jobOf(workflow, id).steps, `${id} steps`)
const stepOf = (workflow: Workflow, id: string, test: (step: Step) => boolean) =>
  must(stepsOf(workflow, id).find(test), `such a step in ${id}`)

describe('.github/workflows/ci.yml', () => {
  const ci = readWorkflow('ci.yml')

  it('runs .ci/run, then the desktop journeys on Linux (xvfb), Windows and macOS', () => {
    expect(ciProblems(ci)).toEqual([])
  })

  it('keeps Electron out of the .ci/run job, where its journeys skip', () => {
    expect(ci.jobs?.checks?.env?.ELECTRON_SKIP_BINARY_DOWNLOAD).toBe('1')
  })

  it('notices a missing runner, a setup step after the tests, and no xvfb', () => {
    const broken = copy(ci)
    jobOf(broken, 'desktop').strategy = { matrix: { os: ['ubuntu-latest', 'windows-latest'] } }
    const steps = stepsOf(broken, 'desktop')
    const setup = steps.findIndex((step) => step.run === 'npm run desktop:setup')
    steps.push(...steps.splice(setup, 1))
    stepOf(broken, 'desktop', (step) => step.if === "runner.os == 'Linux'").run = ELECTRON_TESTS

    expect(ciProblems(broken)).toEqual([
      'desktop: not on ubuntu, windows and macos',
      'desktop: not npm ci, then desktop:setup, then the journeys',
      `desktop: Linux does not run \`${ELECTRON_TESTS}\` under xvfb-run`,
    ])
  })

  it('notices an unknown npm script, a floating action and another Node', () => {
    const broken = copy(ci)
    stepOf(broken, 'checks', usesAction('actions/checkout')).uses = 'actions/checkout@main'
    stepOf(broken, 'checks', usesAction('actions/setup-node')).with = {
      'node-version': 22,
      cache: 'npm',
    }
    stepsOf(broken, 'checks').push({ run: 'npm run no-such-script' })

    expect(ciProblems(broken)).toEqual([
      'checks: actions/checkout@main is not an action at a major version',
      'checks: not node 20',
      'checks: no npm script no-such-script',
    ])
  })

  it('notices traces kept only on success', () => {
    const broken = copy(ci)
    stepOf(broken, 'desktop', usesAction('actions/upload-artifact')).if = 'success()'

    expect(ciProblems(broken)).toEqual([
      'desktop: traces and screenshots are not uploaded when a journey fails',
    ])
  })
})

describe('.github/workflows/release.yml', () => {
  const release = readWorkflow('release.yml')

  it('builds, smoke-tests and uploads the installers on three OSes, and releases on a tag', () => {
    expect(releaseProblems(release)).toEqual([])
  })

  it('runs the smoke journey of a project the Electron config has', () => {
    expect(electronConfig.projects?.map((project) => project.name)).toContain('packaged')
  })

  it('never lets npm run dist publish: the release job does, with its own token', () => {
    expect(packageScripts.dist).toContain('electron-builder --publish never')
  })

  it('notices uploads before the smoke journey, a missing installer and a release without tags', () => {
    const broken = copy(release)
    const steps = stepsOf(broken, 'installers')
    const upload = steps.findIndex(
      (step) => usesAction('actions/upload-artifact')(step) && step.if === undefined,
    )
    const uploadStep = must(steps.splice(upload, 1)[0], 'installer upload')
    uploadStep.with = { ...uploadStep.with, path: 'dist/*.exe\ndist/*.dmg\ndist/*.AppImage\n' }
    steps.splice(2, 0, uploadStep)
    delete jobOf(broken, 'release').if

    expect(releaseProblems(broken)).toEqual([
      'installers: not npm ci, dist, smoke journey, then upload',
      'installers: dist/*.deb not uploaded',
      'release: not on tags',
    ])
  })

  it('notices a workflow that cannot be started by hand or by a tag', () => {
    const broken = copy(release)
    broken.on = { push: { branches: ['main'] } }

    expect(releaseProblems(broken)).toEqual(['not on v* tags', 'no workflow_dispatch'])
  })
})

/**
 * The npm scripts `.ci/run` runs as stages, in order. It runs the steps of `npm test` one at a
 * time to time each (docs/testing.md), so a step added to `npm test` must be added there too.
 */
function ciRunStages(script: string): string[] {
  return script
    .split('\n')
    .flatMap((line) => /^stage \S+ npm run (\S+)$/.exec(line.trim())?.[1] ?? [])
}

/** The npm scripts `npm test` chains with `&&`. */
function npmTestSteps(test: string): string[] {
  return test.split('&&').map((step) => /^npm run (\S+)$/.exec(step.trim())?.[1] ?? step.trim())
}

describe('.ci/run', () => {
  const script = readFileSync(`${root}.ci/run`, 'utf8')

  it('runs every step of npm test as a timed stage, in order, then the soak run', () => {
    expect(ciRunStages(script)).toEqual([...npmTestSteps(packageScripts.test ?? ''), 'test:soak'])
  })

  it('notices a step of npm test it leaves out', () => {
    const shorter = script.replace('stage build npm run build\n', '')
    expect(ciRunStages(shorter)).not.toEqual([
      ...npmTestSteps(packageScripts.test ?? ''),
      'test:soak',
    ])
  })
})
