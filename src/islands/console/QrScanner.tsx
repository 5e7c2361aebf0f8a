import { useEffect, useRef } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { pickupCodeOf } from '../../lib/console.ts';

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

const detectorClass = () => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Whether this browser can read QR codes from the camera (Chrome on Android, Safari 17+ on some devices). */
export const scannerAvailable = () => Boolean(detectorClass()) && Boolean(navigator.mediaDevices?.getUserMedia);

const SCAN_EVERY_MS = 250;

/** The back camera, read a few times a second until a pickup code is seen. */
export function QrScanner({ locale, onCode, onFail }: { locale: Locale; onCode: (code: string) => void; onFail: () => void }) {
  const t = dictionary(locale).console;
  const video = useRef<HTMLVideoElement>(null);
  const handlers = useRef({ onCode, onFail });
  handlers.current = { onCode, onFail };

  useEffect(() => {
    const Found = detectorClass();
    if (!Found) return handlers.current.onFail();
    const detector = new Found({ formats: ['qr_code'] });
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const scan = async () => {
      const el = video.current;
      if (stopped || !el) return;
      try {
        const codes = el.readyState >= 2 ? await detector.detect(el) : [];
        const code = codes.map((c) => pickupCodeOf(c.rawValue)).find(Boolean);
        if (code && !stopped) return handlers.current.onCode(code);
      } catch {
        /* a frame that could not be read: try the next */
      }
      timer = window.setTimeout(() => void scan(), SCAN_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        // Closed while the browser was asking for the camera: let it go at once.
        if (stopped || !video.current) return s.getTracks().forEach((track) => track.stop());
        video.current.srcObject = s;
        await video.current.play();
        void scan();
      })
      .catch(() => !stopped && handlers.current.onFail());
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="space-y-2">
      <p role="status">{t.scanning}</p>
      <video ref={video} className="aspect-square w-full max-w-xs rounded-xl bg-slate-900 object-cover" muted playsInline />
    </div>
  );
}
