import { useAtomValue } from 'jotai'
import { Bounce, ToastContainer } from 'react-toastify'
import 'react-toastify/dist/ReactToastify.css'
import { themeAtom } from '../state/theme'

/** Where every toast shows (lib/notify.ts); App loads it just after the first render. */
export function Toasts() {
  const theme = useAtomValue(themeAtom)
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      draggable
      draggablePercent={80}
      theme={theme === 'dark' ? 'dark' : 'light'}
      transition={Bounce}
      newestOnTop
    />
  )
}
