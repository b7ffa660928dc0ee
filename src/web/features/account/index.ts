export { LoginScreen } from './LoginScreen';
export { SuccessBanner, ErrorSummary } from './Banners';
export { AuthStart } from './AuthStart';
