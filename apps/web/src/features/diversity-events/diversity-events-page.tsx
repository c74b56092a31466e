/**
 * /home/diversityEvents (spec 02 points 2–4): tabs Trade, Conference, Consumers (changing tab
 * clears the filter), 'Filter Events' and 'Clear Filter', the infinite table with the date sort
 * (ASC first, then DESC, back to page 0), the detail dialog and 'Add Diversity Event'.
 */
import { useState } from 'react';
import { Button, Flex, Tabs } from 'antd';
import { ClearOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '@spotzcity/shared/enums';
import {
  EVENT_TYPES,
  type DiversityEvent,
  type EventFilters,
  type EventType,
} from '@spotzcity/shared/diversity-events';
import { useCurrentUser } from '../../api/get-profile.ts';
import { InfiniteTable, useReloadList } from '../../components/infinite-table.tsx';
import { TemplateLink } from '../../components/template-link.tsx';
import { UploadDialog } from '../../components/upload-dialog.tsx';
import {
  EVENTS_TEMPLATE_PATH,
  UPLOAD_EVENTS_PATH,
  eventKeys,
  fetchEvents,
} from './api/list-events.ts';
import { EventDetailDialog } from './components/event-detail-dialog.tsx';
import { FilterEventsDialog } from './components/filter-events-dialog.tsx';
import { ModuleHeader } from '../../components/module-header.tsx';

const count = (n: number | null) => (n === null ? '' : n.toLocaleString('en-US'));

export default function DiversityEventsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canUpload = user.features.diversityEvent.uploadEvent;
  const reload = useReloadList();
  const [eventType, setEventType] = useState<EventType>('Trade');
  const [filters, setFilters] = useState<EventFilters>({});
  const [sortOrder, setSortOrder] = useState<SortOrder | undefined>();
  const [filterOpen, setFilterOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [selected, setSelected] = useState<DiversityEvent | null>(null);
  const query = { eventType, filters, sortOrder };
  const filtered = Object.keys(filters).length > 0;

  const columns = [
    { title: t('diversityEvents.category'), dataIndex: 'category', key: 'category', width: 150 },
    {
      title: t('diversityEvents.eventName'),
      dataIndex: 'eventName',
      key: 'eventName',
      width: 230,
    },
    { title: t('diversityEvents.city'), dataIndex: 'city', key: 'city', width: 120 },
    { title: t('diversityEvents.state'), dataIndex: 'state', key: 'state', width: 70 },
    {
      title: t('diversityEvents.attendance'),
      dataIndex: 'attendance',
      key: 'attendance',
      width: 110,
      align: 'right' as const,
      render: count,
    },
    {
      title: t('diversityEvents.exhibitor'),
      dataIndex: 'exhibitor',
      key: 'exhibitor',
      width: 95,
      align: 'right' as const,
      render: count,
    },
    {
      title: t('diversityEvents.date'),
      dataIndex: 'date',
      key: 'date',
      sorter: true,
      // ASC first, then DESC, never back to unsorted.
      sortDirections: ['ascend' as const, 'descend' as const, 'ascend' as const],
      sortOrder:
        sortOrder === 'ASC'
          ? ('ascend' as const)
          : sortOrder === 'DESC'
            ? ('descend' as const)
            : null,
      width: 110,
    },
    {
      title: t('diversityEvents.description'),
      dataIndex: 'description',
      key: 'description',
      ellipsis: true,
    },
  ];

  return (
    <div className="page diversity-events-page" data-testid="diversity-events-page">
      <ModuleHeader title={t('diversityEvents.title')} subtitle={t('diversityEvents.subtitle')} />
      {/* The buttons sit beside the tabs, not in the tab bar: a tab list holds only tabs. */}
      <Flex className="events-tabs-row" justify="space-between" align="center" gap={8} wrap>
        <Tabs
          activeKey={eventType}
          onChange={(key) => {
            setEventType(key as EventType);
            setFilters({});
          }}
          items={EVENT_TYPES.map((type) => ({
            key: type,
            label: t(`diversityEvents.tabs.${type}`),
          }))}
        />
        <Flex gap={8} wrap>
          <Button
            icon={<FilterOutlined />}
            onClick={() => setFilterOpen(true)}
            data-testid="filter-events"
          >
            {t('diversityEvents.filterEvents')}
          </Button>
          <Button
            icon={<ClearOutlined />}
            disabled={!filtered}
            onClick={() => setFilters({})}
            data-testid="clear-filter"
          >
            {t('diversityEvents.clearFilter')}
          </Button>
          {canUpload && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setUploadOpen(true)}
              data-testid="add-event"
            >
              {t('diversityEvents.addEvent')}
            </Button>
          )}
        </Flex>
      </Flex>
      <InfiniteTable<DiversityEvent>
        queryKey={eventKeys.list(query)}
        fetchPage={(page, signal) => fetchEvents(query, page, signal)}
        columns={columns}
        rowKey="id"
        onRowClick={setSelected}
        onSortChange={(sort) => setSortOrder(sort?.order ?? 'ASC')}
        endText={t('common.noMoreResults')}
        data-testid="events-table"
      />
      <FilterEventsDialog
        open={filterOpen}
        filters={filters}
        onApply={(next) => {
          setFilters(next);
          setFilterOpen(false);
        }}
        onClose={() => setFilterOpen(false)}
      />
      <EventDetailDialog event={selected} onClose={() => setSelected(null)} />
      <UploadDialog
        open={uploadOpen}
        title={t('diversityEvents.uploadTitle')}
        path={UPLOAD_EVENTS_PATH}
        accept={{ extensions: ['.xlsx'] }}
        hint={t('diversityEvents.uploadHint')}
        toFormData={(file) => {
          const form = new FormData();
          form.append('file', file, file.name);
          return form;
        }}
        onClose={() => setUploadOpen(false)}
        onDone={() => void reload(eventKeys.all)}
        data-testid="upload-events-dialog"
      >
        <TemplateLink path={EVENTS_TEMPLATE_PATH} />
      </UploadDialog>
    </div>
  );
}
