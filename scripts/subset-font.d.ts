// The part of subset-font's API that scripts/subset-fonts.ts uses (the package ships no types).
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
      /** OpenType feature tags to keep (default: all, with the glyphs they reach). */
      keepFeatures?: string[];
    },
  ): Promise<Buffer>;
}
