import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import type { EinvoicePageDto } from './EinvoiceTable.tsx';

/** The signing certificate against LHDN's rules: ok, expiring within 30 days (a warning), or a problem with LHDN's codes. */
export function EinvoiceCertificate({ locale, certificate }: { locale: Locale; certificate: EinvoicePageDto['certificate'] }) {
  const t = dictionary(locale).consoleEinvoices;
  const days = String(certificate.daysLeft ?? 0);
  const tone =
    certificate.state === 'problem'
      ? 'border-red-300 bg-red-50 text-red-900'
      : certificate.state === 'expiring'
        ? 'border-amber-300 bg-amber-50 text-amber-900'
        : 'border-slate-200 bg-white';
  return (
    <section aria-labelledby="certificate-title" className={`space-y-1 rounded-xl border p-4 ${tone}`}>
      <h2 id="certificate-title" className="text-lg font-bold">
        {t.certificate}
      </h2>
      <p className="font-semibold" role={certificate.state === 'ok' ? undefined : 'alert'}>
        {certificate.state === 'ok' ? fill(t.certificateOk, { days }) : certificate.state === 'expiring' ? fill(t.certificateExpiring, { days }) : t.certificateProblem}
      </p>
      {certificate.problems.length > 0 && (
        <ul className="list-disc pl-5">
          {certificate.problems.map((p, i) => (
            <li key={i}>
              <span className="font-mono">{p.code}</span> <span lang="en">{p.message}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
