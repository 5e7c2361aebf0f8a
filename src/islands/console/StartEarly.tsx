import type { Locale } from '../../../contract/rules/language.ts';
import { dateTimeWords } from '../../../contract/rules/dates.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { Buttons } from '../my-orders/form-parts.tsx';
import { Modal } from '../ui/Modal.tsx';

/**
 * Asked before a job starts ahead of its booked day: a tap on the wrong card (or the wrong day
 * in the list) would otherwise start a car that is not there.
 */
export function StartEarly({ locale, orderNo, booked, open, onStart, onBack }: { locale: Locale; orderNo: string; booked: { date: string; time: string }; open: boolean; onStart: () => void; onBack: () => void }) {
  const t = dictionary(locale).console;
  return (
    <Modal open={open} onClose={onBack} title={fill(t.startEarlyTitle, { orderNo })} closeLabel={t.close} role="alertdialog">
      <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), onStart())}>
        <p>{fill(t.startEarlyBody, { when: dateTimeWords(booked.date, booked.time, locale) })}</p>
        <Buttons action={t.startAnyway} back={t.back} busy={false} working={t.working} onBack={onBack} />
      </form>
    </Modal>
  );
}

/** Whether starting now is ahead of the booked day (KL calendar). */
export const beforeBookedDay = (booked: { date: string } | null | undefined, today: string) => booked !== null && booked !== undefined && booked.date > today;
