export interface BrokenReference {
  line: number;
  problem: string;
}

export declare function brokenReferences(markdown: string, files: string[], root: string): BrokenReference[];
