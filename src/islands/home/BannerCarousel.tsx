import { useEffect, useState } from 'react';
import type { Banner } from '../../../contract/home.ts';
import { homeBanner } from '../../lib/endpoints.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, href } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { $carInfo } from '../../stores/car.ts';

const ADVANCE_MS = 6000;

/**
 * The home carousel. It starts with the banners prerendered from content (so nothing
 * moves when it loads), then takes the API's list. Arrow keys, buttons and dots move it;
 * it pauses on hover, on focus, on request, and never plays for reduced motion.
 */
export default function BannerCarousel({ locale, initial }: { locale: Locale; initial: Banner[] }) {
  const t = dictionary(locale).home;
  const [banners, setBanners] = useState(initial);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    setReducedMotion(window.matchMedia('(prefers-reduced-motion: reduce)').matches);
    callApi(homeBanner, { model: $carInfo.get()?.model || undefined }, { quiet: true })
      .then((list) => {
        if (list.length) setBanners(list);
      })
      .catch(() => {
        /* the prerendered banners stay */
      });
  }, []);

  const count = banners.length;
  const playing = !paused && !held && !reducedMotion && count > 1;
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => clearInterval(timer);
  }, [playing, count]);

  if (count === 0) return null;
  const current = Math.min(index, count - 1);
  const move = (step: number) => setIndex((current + step + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t.carousel}
      className="overflow-hidden rounded-2xl bg-brand-900 pb-2"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node)) setHeld(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') move(1);
        if (e.key === 'ArrowLeft') move(-1);
      }}
    >
      {/* Every slide sits in the same grid cell, so the carousel is as tall as its longest
          caption in this language and never changes height when it moves. The caption is
          below the picture, never over it. */}
      <div aria-live={playing ? 'off' : 'polite'} className="grid">
        {banners.map((b, i) => (
          <div
            key={b.id}
            role="group"
            aria-roledescription="slide"
            aria-label={fill(t.slide, { n: i + 1, total: count })}
            className={`[grid-area:1/1] ${i === current ? '' : 'invisible'}`}
          >
            <img
              src={b.adPath}
              alt={b.alt}
              width={b.width}
              height={b.height}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              decoding="async"
              className="block h-auto w-full"
            />
            <div className="px-5 pt-4 text-white sm:px-8 sm:pt-5">
              <p className="text-xl font-extrabold [overflow-wrap:anywhere] sm:text-3xl">
                <a href={b.link.startsWith('/pc/') && locale !== 'en' ? href(locale, b.link.slice(4)) : b.link} className="hover:underline">
                  {b.title}
                </a>
              </p>
              <p className="mt-1 max-w-3xl text-sm [overflow-wrap:anywhere] sm:text-base">{b.subtitle}</p>
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="mt-2 flex items-center justify-center gap-1 px-2">
          <button type="button" className="min-h-11 min-w-11 rounded-full bg-white/90 px-3 text-slate-900" aria-label={paused ? t.play : t.pause} onClick={() => setPaused(!paused)}>
            <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
          </button>
          <button type="button" className="min-h-11 min-w-11 rounded-full bg-white/90 px-3 text-slate-900" aria-label={t.previous} onClick={() => move(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className="flex min-h-11 min-w-11 items-center justify-center"
              aria-label={fill(t.goTo, { n: i + 1 })}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setIndex(i)}
            >
              <span aria-hidden="true" className={`block h-3 w-3 rounded-full border-2 border-white ${i === current ? 'bg-white' : 'bg-transparent'}`} />
            </button>
          ))}
          <button type="button" className="min-h-11 min-w-11 rounded-full bg-white/90 px-3 text-slate-900" aria-label={t.next} onClick={() => move(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
