import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { onePage, renderRoutes } from '../test/render.tsx';
import { RecordListPage, type RecordListPageProps } from './record-list-page.tsx';

interface Row {
  id: number;
  name: string;
}

function renderList(rows: Row[], can: RecordListPageProps<Row>['can']) {
  const remove = vi.fn(async () => ({ message: 'Deleted Successfully' }));
  const props: RecordListPageProps<Row> = {
    module: 'thing',
    title: 'Things',
    subtitle: 'Every thing',
    label: 'Thing',
    addLabel: 'Add Thing',
    can,
    remove,
    downloadList: async () => undefined,
    queryKey: ['things', rows.length],
    fetchPage: async () => onePage(rows),
    columns: [{ title: 'Name', dataIndex: 'name', key: 'name' }],
    expandable: undefined,
    report: { title: 'Thing Report', pathFor: ({ year }) => `dashboard?year=${year}` },
  };
  const view = renderRoutes(
    [
      { path: '/home/things', element: <RecordListPage<Row> {...props} /> },
      { path: '/home/things/*', element: <div>elsewhere</div> },
    ],
    '/home/things',
  );
  return { ...view, remove };
}

const NONE = { addEdit: false, deleteFile: false, createReport: false };
const ALL = { addEdit: true, deleteFile: true, createReport: true };

describe('RecordListPage', () => {
  it('shows no add, row actions or report without the flags', async () => {
    renderList([{ id: 7, name: 'Crane hire' }], NONE);
    await screen.findByText('Crane hire');
    expect(screen.queryByTestId('thing-add')).toBeNull();
    expect(screen.queryByTestId('thing-create-report')).toBeNull();
    expect(screen.queryByTestId('thing-edit-7')).toBeNull();
    expect(screen.queryByTestId('thing-delete-7')).toBeNull();
    // Reading the list needs no flag: the download is there once the list holds a record.
    await waitFor(() =>
      expect(screen.getByTestId('thing-download-excel').hasAttribute('disabled')).toBe(false),
    );
  });

  it('keeps Download Excel disabled while the list is empty', async () => {
    renderList([], ALL);
    await screen.findByText('No Records Found');
    expect(screen.getByTestId('thing-download-excel').hasAttribute('disabled')).toBe(true);
  });

  it('adds the pencil and trash per row and opens the edit form at edit/:id', async () => {
    const { router } = renderList([{ id: 7, name: 'Crane hire' }], ALL);
    await screen.findByText('Crane hire');
    expect(screen.queryByTestId('thing-delete-7')).not.toBeNull();
    fireEvent.click(screen.getByTestId('thing-edit-7'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/things/edit/7'));
  });

  it('opens Add at add', async () => {
    const { router } = renderList([], ALL);
    fireEvent.click(screen.getByTestId('thing-add'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/things/add'));
  });
});
