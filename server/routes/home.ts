import { homeBanner } from '../../contract/home.ts';
import type { CallMounter } from '../http/calls.ts';
import type { homeService } from '../modules/home/service.ts';

export function homeRoutes(calls: CallMounter, home: ReturnType<typeof homeService>) {
  calls.mount(homeBanner, ({ model }, c) => home.banners(c.get('locale'), model));
}
