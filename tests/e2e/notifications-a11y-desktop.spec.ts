import { checkNotificationsAndTags } from './notifications-a11y'

checkNotificationsAndTags('desktop')
