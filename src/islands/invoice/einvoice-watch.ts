import { useEffect, useState } from 'react';
import type { DocumentStatus } from '../../../contract/rules/einvoice-rules.ts';
import { callApi } from '../../lib/api.ts';
import { einvoiceFind } from '../../lib/einvoice-endpoints.ts';
import type { EinvoiceDto } from './types.ts';

/** MyInvois validates within seconds: asked every 2 s, for two minutes at most. */
export const POLL_MS = 2_000;
export const WATCH_MS = 120_000;

export type Watch = 'idle' | 'waiting' | 'gaveUp';

const onItsWay = (status: DocumentStatus | undefined) => status === 'PENDING' || status === 'SUBMITTED';

/**
 * While the order's own e-invoice is on its way to LHDN, asks app/einvoice/find until it is
 * valid or invalid and hands each answer on; stops after two minutes and when the page goes.
 */
export function useEinvoiceWatch(orderNo: string, status: DocumentStatus | undefined, onDocument: (document: EinvoiceDto) => void): Watch {
  const pending = onItsWay(status);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!pending) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const next = () => {
      if (!live) return;
      if (Date.now() - started >= WATCH_MS) return setGaveUp(true);
      timer = setTimeout(ask, POLL_MS);
    };
    const ask = () => {
      callApi(einvoiceFind, { orderNo }, { quiet: true }).then(
        (found) => {
          if (live && found.document) onDocument(found.document);
          next();
        },
        // A lost answer is asked again: the e-invoice is still on its way.
        next,
      );
    };
    setGaveUp(false);
    next();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onDocument changes with every render; the watch only with the order and whether it is on its way.
  }, [orderNo, pending]);
  return pending ? (gaveUp ? 'gaveUp' : 'waiting') : 'idle';
}
