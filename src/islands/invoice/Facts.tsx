import type { ReactNode } from 'react';

/** Label and value pairs of a document; rows without a value are left out. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** A titled block of the invoice, named by its heading for screen readers. */
export function Block({ id, title, children, className = '' }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`min-w-0 space-y-2 rounded-xl border border-slate-200 bg-white p-4 print:break-inside-avoid print:rounded-none print:border-0 print:p-0 ${className}`}>
      <h2 id={id} className="text-base font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
