import { testEveryScreen } from './a11y-screens'

testEveryScreen('phone')
