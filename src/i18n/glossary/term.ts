/**
 * One word of the shop's language: what it means, the one word the texts use for it, and the
 * variants they must not use (a customer who reads two words thinks of two things).
 * tests/unit/glossary.test.ts holds the dictionaries, the API's messages and the field names to it.
 */
export interface Term {
  means: string;
  use: string;
  avoid: readonly string[];
}

export type Glossary = Readonly<Record<string, Term>>;

/**
 * A way of writing that the texts never use (an ASCII colon after Chinese, "8 %", "1000"), with
 * the one they do use. The test reads every text of the language with `avoid`.
 */
export interface Style {
  means: string;
  use: string;
  avoid: RegExp;
  /** Files the rule does not read, e.g. those whose placeholders are spaced when filled. */
  skip?: RegExp;
}
