/** Long text cut into pages at paragraph, then word, boundaries. */
export function paginateText(text: string, charsPerPage: number): string[] {
  const pages: string[] = [];
  let page = '';
  const push = () => {
    if (page.trim()) pages.push(page.trim());
    page = '';
  };
  for (const paragraph of text.split(/\n/)) {
    let rest = paragraph;
    // A paragraph costs at least a line even when short.
    while (page.length + rest.length + 1 > charsPerPage) {
      const room = charsPerPage - page.length - 1;
      const cut = rest.lastIndexOf(' ', room);
      if (cut <= 0 && page) {
        push();
        continue;
      }
      const at = cut > 0 ? cut : Math.max(1, room);
      page += (page ? '\n' : '') + rest.slice(0, at);
      rest = rest.slice(at).trimStart();
      push();
    }
    page += (page ? '\n' : '') + rest;
  }
  push();
  return pages.length ? pages : [''];
}
