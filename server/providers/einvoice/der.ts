/**
 * A small DER reader: enough of X.509 to read what node:crypto's X509Certificate does not give
 * by name (the subject's attributes by OID, the KeyUsage bits, the extensions by OID).
 * It reads definite lengths only, as DER requires; anything else is an error.
 */

export interface Der {
  /** The identifier octet (class, constructed bit and tag number below 31). */
  tag: number;
  /** The whole element: identifier, length and content. */
  raw: Uint8Array;
  /** The content octets. */
  content: Uint8Array;
}

export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  PRINTABLE_STRING: 0x13,
  T61_STRING: 0x14,
  IA5_STRING: 0x16,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  UNIVERSAL_STRING: 0x1c,
  BMP_STRING: 0x1e,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const;

/** The element that starts at `offset` of `bytes`. */
export function readDer(bytes: Uint8Array, offset = 0): Der {
  if (offset + 2 > bytes.length) throw new Error(`DER: element at ${offset} runs past the end`);
  const tag = bytes[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new Error(`DER: multi-byte tag at ${offset} is not supported`);
  let length = bytes[offset + 1]!;
  let header = 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error(`DER: length of ${count} octets at ${offset} is not supported`);
    if (offset + 2 + count > bytes.length) throw new Error(`DER: length at ${offset} runs past the end`);
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[offset + 2 + i]!;
    header += count;
  }
  const end = offset + header + length;
  if (end > bytes.length) throw new Error(`DER: element at ${offset} (${length} octets) runs past the end`);
  return { tag, raw: bytes.subarray(offset, end), content: bytes.subarray(offset + header, end) };
}

/** The elements inside a constructed element (SEQUENCE, SET, explicit [n]). */
export function derChildren(element: Der): Der[] {
  if (!(element.tag & 0x20)) throw new Error(`DER: tag 0x${element.tag.toString(16)} is not constructed`);
  const children: Der[] = [];
  let offset = 0;
  while (offset < element.content.length) {
    const child = readDer(element.content, offset);
    children.push(child);
    offset += child.raw.length;
  }
  return children;
}

/** An OBJECT IDENTIFIER's dotted form. */
export function derOid(element: Der): string {
  if (element.tag !== TAG.OID) throw new Error(`DER: tag 0x${element.tag.toString(16)} is not an OBJECT IDENTIFIER`);
  const arcs: number[] = [];
  let value = 0;
  for (const byte of element.content) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      if (arcs.length === 0) arcs.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
      else arcs.push(value);
      value = 0;
    }
  }
  return arcs.join('.');
}

/** A directory string's text (UTF8, Printable, IA5, T61 as Latin-1, BMP, Universal). */
export function derString(element: Der): string {
  switch (element.tag) {
    case TAG.UTF8_STRING:
    case TAG.PRINTABLE_STRING:
    case TAG.IA5_STRING:
      return Buffer.from(element.content).toString('utf8');
    case TAG.T61_STRING:
      return Buffer.from(element.content).toString('latin1');
    case TAG.BMP_STRING: {
      let text = '';
      for (let i = 0; i + 1 < element.content.length; i += 2) text += String.fromCharCode(element.content[i]! * 256 + element.content[i + 1]!);
      return text;
    }
    case TAG.UNIVERSAL_STRING: {
      let text = '';
      for (let i = 0; i + 3 < element.content.length; i += 4) {
        const c = element.content;
        text += String.fromCodePoint(((c[i]! << 24) | (c[i + 1]! << 16) | (c[i + 2]! << 8) | c[i + 3]!) >>> 0);
      }
      return text;
    }
    default:
      throw new Error(`DER: tag 0x${element.tag.toString(16)} is not a string`);
  }
}

/** A BIT STRING's bits, bit 0 first (as X.509 numbers named bits). */
export function derBits(element: Der): boolean[] {
  if (element.tag !== TAG.BIT_STRING) throw new Error(`DER: tag 0x${element.tag.toString(16)} is not a BIT STRING`);
  if (element.content.length === 0) throw new Error('DER: empty BIT STRING');
  const unused = element.content[0]!;
  const bits: boolean[] = [];
  const octets = element.content.subarray(1);
  for (let i = 0; i < octets.length * 8 - unused; i++) bits.push(((octets[i >> 3]! >> (7 - (i & 7))) & 1) === 1);
  return bits;
}

/** What X.509 says of a certificate that node:crypto does not name. */
export interface X509Details {
  /** The subject's attributes, OID to values in order of appearance. */
  subject: Map<string, string[]>;
  /** The DER of the subject and issuer names (equal for a self-issued certificate). */
  subjectDer: Uint8Array;
  issuerDer: Uint8Array;
  /** The extensions by OID: whether critical and the extnValue's content. */
  extensions: Map<string, { critical: boolean; value: Uint8Array }>;
}

/** Reads a certificate's DER (X509Certificate.raw). */
export function readX509(der: Uint8Array): X509Details {
  const certificate = readDer(der);
  const [tbs] = derChildren(certificate);
  if (!tbs || tbs.tag !== TAG.SEQUENCE) throw new Error('X.509: no TBSCertificate');
  const fields = derChildren(tbs);
  let i = fields[0]?.tag === 0xa0 ? 1 : 0; // [0] version
  i += 2; // serialNumber, signature
  const issuer = fields[i++];
  i++; // validity
  const subject = fields[i++];
  i++; // subjectPublicKeyInfo
  if (!issuer || !subject) throw new Error('X.509: no issuer or subject');
  const extensions = new Map<string, { critical: boolean; value: Uint8Array }>();
  for (const field of fields.slice(i)) {
    if (field.tag !== 0xa3) continue; // [1] and [2] unique identifiers
    const [list] = derChildren(field);
    for (const extension of list ? derChildren(list) : []) {
      const parts = derChildren(extension);
      const critical = parts.length === 3 && parts[1]!.tag === TAG.BOOLEAN && parts[1]!.content[0] !== 0;
      const value = parts[parts.length - 1]!;
      if (value.tag !== TAG.OCTET_STRING) throw new Error('X.509: an extension without its value');
      extensions.set(derOid(parts[0]!), { critical, value: value.content });
    }
  }
  return { subject: readName(subject), subjectDer: subject.raw, issuerDer: issuer.raw, extensions };
}

function readName(name: Der): Map<string, string[]> {
  const attributes = new Map<string, string[]>();
  for (const rdn of derChildren(name)) {
    for (const pair of derChildren(rdn)) {
      const [type, value] = derChildren(pair);
      if (!type || !value) continue;
      const oid = derOid(type);
      let text: string;
      try {
        text = derString(value);
      } catch {
        continue;
      }
      attributes.set(oid, [...(attributes.get(oid) ?? []), text]);
    }
  }
  return attributes;
}
