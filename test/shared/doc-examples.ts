/**
 * The tested curl examples of the docs: a fenced `sh` block right after a
 * `<!-- doc-test <service>: <status> … -->` comment (docs/writing-docs.md).
 */

export type DocService = 'launch' | 'verify';

export interface DocExample {
  /** Where it is, as `file:line` of the block's first command. */
  where: string;
  service: DocService;
  /** The status each curl of the block must answer, in order. */
  statuses: number[];
  script: string;
}

const MARKED_BLOCK = /<!-- doc-test (launch|verify): ([\d ]+?) -->\r?\n```sh\r?\n([\s\S]*?)\r?\n```/g;
const ANY_MARKER = /<!-- doc-test\b/g;

export function findDocExamples(file: string, markdown: string): DocExample[] {
  const examples = [...markdown.matchAll(MARKED_BLOCK)].map((match) => ({
    where: `${file}:${lineOf(markdown, match.index + match[0].indexOf('```sh') + 1)}`,
    service: match[1] as DocService,
    statuses: match[2]!.trim().split(/\s+/).map(Number),
    script: match[3]!,
  }));
  // A marker the pattern did not take (a typo, a block that is not `sh`) would leave an example untested.
  const markers = [...markdown.matchAll(ANY_MARKER)].length;
  if (markers !== examples.length) throw new Error(`${file}: ${markers} doc-test markers, but ${examples.length} are followed by a sh block as written.`);
  return examples;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}
