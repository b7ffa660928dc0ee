export { SearchesScreen, parseSearchesView, SEARCHES_TEXT, type SearchesView } from './SearchesScreen';
export { truncateAddress, ADDRESS_LIMIT, PAGE_SIZE, SEARCH_LISTS_KEY } from './lists';
export { ForgetListsOnSignOut } from './lists';
export { SavedJourneysOffline, keepSavedJourneysOffline, MAX_OFFLINE_PAGES } from './saved-offline';
