/**
 * The spec's pager: previous / next, the current page among `visible` pages
 * and `margin` pages at each end, with '…' for the gaps. Pages count from 0.
 */
import { Button, Flex } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';

/** The page indexes to show, with null for a gap. */
export function pagerItems(page: number, pageCount: number, visible = 5, margin = 2) {
  if (pageCount <= visible + 2 * margin) return Array.from({ length: pageCount }, (_, i) => i);
  const half = Math.floor(visible / 2);
  let start = Math.max(0, page - half);
  const end = Math.min(pageCount - 1, start + visible - 1);
  start = Math.max(0, end - visible + 1);
  const shown = new Set<number>();
  for (let i = 0; i < margin; i += 1) shown.add(i).add(pageCount - 1 - i);
  for (let i = start; i <= end; i += 1) shown.add(i);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) items.push(null);
    items.push(p);
  });
  return items;
}

export function Pager({
  page,
  pageCount,
  onChange,
  'data-testid': testId = 'pager',
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  'data-testid'?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <Flex gap={4} align="center" wrap className="pager" data-testid={testId}>
      <Button
        size="small"
        icon={<LeftOutlined />}
        disabled={page === 0}
        onClick={() => onChange(page - 1)}
        aria-label="previous"
        data-testid={`${testId}-previous`}
      />
      {pagerItems(page, pageCount).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="pager-gap">
            …
          </span>
        ) : (
          <Button
            key={p}
            size="small"
            type={p === page ? 'primary' : 'default'}
            onClick={() => onChange(p)}
            data-testid={`${testId}-page-${p + 1}`}
          >
            {p + 1}
          </Button>
        ),
      )}
      <Button
        size="small"
        icon={<RightOutlined />}
        disabled={page >= pageCount - 1}
        onClick={() => onChange(page + 1)}
        aria-label="next"
        data-testid={`${testId}-next`}
      />
    </Flex>
  );
}
