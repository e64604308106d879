/**
 * What other features may use from auth. Routes import the feature's own modules; another feature
 * imports only this file.
 */
export { ChangePasswordDialog } from "./components/change-password-dialog";
