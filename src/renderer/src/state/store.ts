import { createStore } from 'jotai'

/** The one store, so code outside React (bridge events, the API client) can read and set atoms. */
export const store = createStore()
