import { ServerAddressLink } from '../../../platform/ServerAddressLink';
import { LoginPage } from './LoginPage';

/** /clientLogin: the sign-in screen of the desktop client, with its server address in the footer. */
export function ClientLoginPage() {
  return <LoginPage footer={<ServerAddressLink />} />;
}
