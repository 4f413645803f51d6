export interface ReviewItemScore {
  kind: string;
  right: number;
  acceptable: number;
  wrong: number;
  unjudged: string[];
  wrongPages: string[];
  lines: string[];
}
export type ReviewScorer = (ask: (path: string) => Promise<unknown>, codes: string[]) => Promise<ReviewItemScore>;
