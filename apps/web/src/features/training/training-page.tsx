import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TrainingGroup, TrainingItem, TrainingType } from '@spotzcity/shared/training';
import { useCurrentUser } from '../../api/get-profile.ts';
import { useAlert } from '../../components/alert-modal.tsx';
import { useDeleteTraining } from './api/delete-training.ts';
import { trainingListQuery } from './api/list-training.ts';
import { ModuleRow } from './components/module-row.tsx';
import { TrainingUploadDialog } from './components/training-upload-dialog.tsx';
import { VideoCard } from './components/video-card.tsx';
import css from './training.module.css';
import { ModuleHeader } from '../../components/module-header.tsx';

interface PanelProps {
  type: TrainingType;
  title: string;
  addLabel: string;
  canEdit: boolean;
  onAdd: () => void;
  renderGroup: (group: TrainingGroup) => ReactNode;
}

/** One panel: its title and add button, then the items of each category. */
function TrainingPanel({ type, title, addLabel, canEdit, onAdd, renderGroup }: PanelProps) {
  const { t } = useTranslation();
  const list = useQuery(trainingListQuery(type));
  let body: ReactNode;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (list.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={list.error.message}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('shell.retry')}
          </Button>
        }
      />
    );
  } else if (list.data.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noRecords')} />;
  } else {
    body = list.data.map((group) => (
      <section key={group.category} className={css.trainingGroup} data-testid="training-group">
        <header className={css.trainingGroupHeader}>
          <Typography.Title level={5} className={css.trainingGroupTitle}>
            {group.category}
          </Typography.Title>
          <span className={css.trainingGroupCount}>
            {t('training.itemCount', { count: group.data.length })}
          </span>
        </header>
        {renderGroup(group)}
      </section>
    ));
  }
  return (
    <Card
      className={css.trainingPanel}
      title={title}
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={onAdd}
            data-testid={`add-${type}`}
          >
            {addLabel}
          </Button>
        )
      }
      data-testid={`training-panel-${type}`}
    >
      {body}
    </Card>
  );
}

/** /home/training: videos and modules by category. */
export default function TrainingPage() {
  const { t } = useTranslation();
  const { features } = useCurrentUser();
  const canEdit = features.training.uploadTraining;
  const alert = useAlert();
  const remove = useDeleteTraining();
  const [adding, setAdding] = useState<TrainingType | null>(null);

  const onDelete = async (item: TrainingItem) => {
    try {
      const reply = await remove.mutateAsync({ id: item.id, type: item.type });
      alert.showSuccess(reply.message);
    } catch (error) {
      alert.showError((error as Error).message);
    }
  };

  return (
    <div className="page training-page" data-testid="training-page">
      <ModuleHeader title={t('training.title')} subtitle={t('training.subtitle')} />
      <Row gutter={[24, 24]} align="top">
        <Col xs={24} xl={14}>
          <TrainingPanel
            type="video"
            title={t('training.videos')}
            addLabel={t('training.addVideos')}
            canEdit={canEdit}
            onAdd={() => setAdding('video')}
            renderGroup={(group) => (
              <div className={css.trainingVideoGrid}>
                {group.data.map((item) => (
                  <VideoCard key={item.id} item={item} canDelete={canEdit} onDelete={onDelete} />
                ))}
              </div>
            )}
          />
        </Col>
        <Col xs={24} xl={10}>
          <TrainingPanel
            type="module"
            title={t('training.modules')}
            addLabel={t('training.addModules')}
            canEdit={canEdit}
            onAdd={() => setAdding('module')}
            renderGroup={(group) => (
              <ul className={css.trainingModuleList}>
                {group.data.map((item) => (
                  <ModuleRow key={item.id} item={item} canDelete={canEdit} onDelete={onDelete} />
                ))}
              </ul>
            )}
          />
        </Col>
      </Row>
      {canEdit && <TrainingUploadDialog type={adding} onClose={() => setAdding(null)} />}
    </div>
  );
}
