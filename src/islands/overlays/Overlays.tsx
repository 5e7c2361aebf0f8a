import type { Locale } from '../../../contract/language.ts';
import LoginDialog from '../login/LoginDialog.tsx';
import LogoutDialog from '../account/LogoutDialog.tsx';
import MeDialog from '../account/MeDialog.tsx';
import CarPicker from '../car-picker/CarPicker.tsx';
import { Notices } from './Notices.tsx';
import { TimeoutAlert } from './TimeoutAlert.tsx';

/** Everything that floats above a page: dialogs and notices, shared by every page. */
export default function Overlays({ locale }: { locale: Locale }) {
  return (
    <>
      <Notices locale={locale} />
      <LoginDialog locale={locale} />
      <MeDialog locale={locale} />
      <CarPicker locale={locale} />
      <LogoutDialog locale={locale} />
      <TimeoutAlert locale={locale} />
    </>
  );
}
