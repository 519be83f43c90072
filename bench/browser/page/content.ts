/** The streamed reply: `chars` characters or a little more of chat Markdown with code blocks, ending in `bench-end` (the sentinel). */
export function replyMarkdown(chars: number): string {
  const sections: string[] = [];
  let length = 0;
  for (let index = 0; length < chars; index++) {
    const section =
      `## Part ${index + 1}\n\nThis part explains **step ${index + 1}** with *some emphasis*, \`inline code\` and a [reference](https://example.com/docs/${index}).\n\n` +
      `- first point about item ${index}\n- second point, with \`code\`\n- third point\n\n` +
      '```ts\n' +
      `export function step${index}(input: number[]): number {\n  let total = 0;\n  for (const value of input) total += value * ${index + 1};\n  return total;\n}\n` +
      '```\n\n' +
      `A closing paragraph for part ${index + 1}, long enough to wrap on a normal screen and to stream over several frames.\n\n`;
    sections.push(section);
    length += section.length;
  }
  // Whole sections (at least `chars` characters): no construct is cut open at the end.
  return `${sections.join('')}Done: \`bench-end\``;
}

/** A history of `count` short messages, alternating user and assistant, with a little Markdown. */
export function historyTexts(count: number): Array<{ role: 'user' | 'assistant'; text: string }> {
  return Array.from({ length: count }, (_, index) =>
    index % 2 === 0
      ? { role: 'user' as const, text: `Question ${index / 2 + 1}: what about item ${index}?` }
      : { role: 'assistant' as const, text: `Answer: item **${index}** is fine. See \`item-${index}\` and [the docs](https://example.com/${index}).` },
  );
}
