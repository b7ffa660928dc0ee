export { LoginScreen } from './LoginScreen';
export { ActivationScreen } from './ActivationScreen';
export { ForgotPasswordScreen } from './ForgotPasswordScreen';
export { ChangePasswordScreen } from './ChangePasswordScreen';
export { AccountScreen } from './AccountScreen';
export { SuccessBanner, ErrorSummary } from './Banners';
export { AuthStart } from './AuthStart';
export { RegisterScreen } from './RegisterScreen';
export { EditAccountScreen } from './EditAccountScreen';
