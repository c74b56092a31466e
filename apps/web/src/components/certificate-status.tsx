import { Tag } from 'antd';
import {
  CERTIFICATE_SOURCE_LABELS,
  CERTIFICATE_STATUS_LABELS,
  type CertificateStatus,
} from '@spotzcity/shared/verified-diversity';

const COLOURS: Record<CertificateStatus, string> = {
  VALID: 'green',
  EXPIRING: 'gold',
  IN_GRACE: 'orange',
  EXPIRED: 'red',
  SUSPENDED: 'volcano',
  DECERTIFIED: 'magenta',
};

/** A certificate's derived status as a coloured tag (supplier detail, Certificates view). */
export function CertificateStatusTag({ status }: { status: CertificateStatus }) {
  return (
    <Tag color={COLOURS[status]} data-testid="certificate-status">
      {CERTIFICATE_STATUS_LABELS[status]}
    </Tag>
  );
}

/**
 * Where a certificate comes from: 'Supplier directory' (everyone's, read-only for buyers) or
 * 'Your organisation' (its own).
 */
export function CertificateSourceTag({ fromDirectory }: { fromDirectory: boolean }) {
  return (
    <Tag
      color={fromDirectory ? 'blue' : 'default'}
      bordered={fromDirectory}
      data-testid="certificate-source"
    >
      {CERTIFICATE_SOURCE_LABELS[fromDirectory ? 'DIRECTORY' : 'OWN']}
    </Tag>
  );
}
