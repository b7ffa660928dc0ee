export { RemindMe } from './RemindMe';
export { reminderSupport, browserFacts, type ReminderSupport, type BrowserFacts } from './reminder-support';
