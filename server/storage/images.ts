import type { ImageKind } from '../../contract/rules/image-kind.ts';
import type { MessageKey } from '../../contract/rules/messages.ts';

/** Recognising an image by its first bytes: one rule with the page that checks a photo when chosen. */
export { sniffImage, type ImageKind } from '../../contract/rules/image-kind.ts';

/** What a photo is stored as: its own format, or JPEG for HEIC (browsers other than Safari cannot show HEIC). */
export const storedFormat: Record<ImageKind, 'jpg' | 'png' | 'webp'> = { jpeg: 'jpg', png: 'png', webp: 'webp', heic: 'jpg' };

export type PhotoRefusal = { ok: false; key: MessageKey; code: number; params?: Record<string, number> };
