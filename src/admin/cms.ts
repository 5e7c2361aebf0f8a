// The content editor's script: Decap CMS from npm, with the shop's own stylesheet and a preview
// per collection that lays the entry out as its page does. Loaded only by /pc/admin/.
import CMS from 'decap-cms-app';
import { categories } from '../../contract/rules/categories.ts';
import { BannersPreview, PagePreview, ProductPreview } from './previews.tsx';
import { WORKING_COPY_BACKEND, workingCopyBackend } from './working-copy.ts';

const siteCss = document.body.dataset.siteCss;
if (siteCss) CMS.registerPreviewStyle(siteCss);
CMS.registerPreviewTemplate('pages', PagePreview);
CMS.registerPreviewTemplate('banners', BannersPreview);
for (const c of categories) CMS.registerPreviewTemplate(`products-${c.slug}`, ProductPreview);
// The working copy (`npm run content`): no login, and a save writes only the files it changes.
const proxy = CMS.getBackend('proxy');
if (proxy) CMS.registerBackend(WORKING_COPY_BACKEND, workingCopyBackend(proxy) as never);
CMS.init();
