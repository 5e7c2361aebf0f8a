import { calendarNames } from '../../contract/rules/dates.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { KL_OFFSET_MS } from '../../contract/rules/kl-calendar.ts';

/**
 * A console day drawn before the console's island wakes (src/pages/[...lang]/console.astro):
 * the copy of the page prerendered for the tab's role (`<template id="{prefix}{role}">`, the
 * role the head script marked on `<html data-staff>`) is put in the page's prepaint box, and the
 * day the address names, or today in Kuala Lumpur, is written the way `dateWords` writes it
 * into its heading (`data-day-heading`, its text with `{date}`) and day field.
 *
 * `PAINT_DAY` is the script's whole text: it runs in the page as it is, before any module, so
 * it is written in plain JavaScript and takes what it needs as its arguments.
 * tests/unit/site/prepaint-day.test.ts holds it to `dateWords` and `isIsoDate`.
 */
export const PAINT_DAY = `function paintDay(root, names, offsetMs, search, prefix, wakeEvent) {
  var role = root.documentElement.getAttribute('data-staff');
  var copy = role && root.getElementById(prefix + role);
  var box = root.querySelector('.prepaint[data-when="staff"]');
  if (!copy || !box) return '';
  box.appendChild(copy.content.cloneNode(true));
  // Its fields and buttons only show what is coming: none takes what is typed or tapped, which
  // would be lost, and a touch wakes the island at once.
  box.querySelectorAll('input, select, button, textarea').forEach(function (f) { f.disabled = true; });
  box.addEventListener('pointerdown', function () { window.dispatchEvent(new Event(wakeEvent)); });
  var asked = new URLSearchParams(search).get('date') || '';
  var m = /^(\\d{4})-(\\d{2})-(\\d{2})$/.exec(asked);
  var real = m && (function () {
    var at = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
    return +m[1] > 0 && at.getUTCFullYear() === +m[1] && at.getUTCMonth() === +m[2] - 1 && at.getUTCDate() === +m[3];
  })();
  var date = real ? asked : new Date(Date.now() + offsetMs).toISOString().slice(0, 10);
  var y = +date.slice(0, 4), mo = +date.slice(5, 7), d = +date.slice(8, 10);
  var day = names.days[new Date(Date.UTC(y, mo - 1, d)).getUTCDay()];
  var words = names.chinese ? y + '年' + mo + '月' + d + '日（' + day + '）' : day + ', ' + d + ' ' + names.months[mo - 1] + ' ' + y;
  var today = new Date(Date.now() + offsetMs).toISOString().slice(0, 10);
  root.querySelectorAll('.prepaint [data-day-heading]').forEach(function (h) { h.textContent = h.getAttribute('data-day-heading').replace('{date}', words); });
  root.querySelectorAll('.prepaint input[type="date"]').forEach(function (i) { i.value = date; });
  root.querySelectorAll('.prepaint [data-today-link]').forEach(function (b) { b.hidden = date === today; });
  return words;
}`;

/**
 * The script a console page writes after its prepaint box, in `locale`, for the templates named
 * `{prefix}{role}`; a touch on what it drew dispatches `wakeEvent` (the island's `client:intent`).
 */
export function paintDayScript(locale: Locale, prefix: string, wakeEvent: string): string {
  const args = [JSON.stringify(calendarNames(locale)), KL_OFFSET_MS, 'location.search', JSON.stringify(prefix), JSON.stringify(wakeEvent)];
  return `try{(${PAINT_DAY})(document,${args.join(',')})}catch{/* the island draws the day */}`;
}
