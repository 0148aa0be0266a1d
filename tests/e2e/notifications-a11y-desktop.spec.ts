import { checkNotificationsAndTags } from './notifications-a11y'

checkNotificationsAndTags('light', 'dark')
