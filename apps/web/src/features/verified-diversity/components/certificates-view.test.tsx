import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Permission, Role } from '@spotzcity/shared/permissions';
import { DEFAULT_ROLE_PERMISSIONS } from '@spotzcity/shared/permissions';
import {
  fetchByPath,
  jsonResponse,
  onePage,
  renderRoutes,
  signedInProfile,
} from '../../../test/render.tsx';
import { CertificatesView } from './certificates-view.tsx';

afterEach(() => vi.restoreAllMocks());

const graced = {
  id: 1,
  supplierId: 2,
  supplierName: 'Harbor Boxes Inc.',
  duns: '804735139',
  diversityType: 'WBE',
  agency: 'WBENC',
  certificateNumber: 'W-1',
  issueDate: '2024-01-01',
  expiryDate: '2026-11-15',
  recordedStatus: 'ACTIVE',
  statusDate: null,
  status: 'IN_GRACE',
  accepted: true,
  documentName: null,
  fromDirectory: false,
  editable: true,
};

/** Serves the view; answers the list requests' bodies. */
function serve(role: Role, permissions: readonly Permission[] = DEFAULT_ROLE_PERMISSIONS[role]) {
  const lists: Record<string, unknown>[] = [];
  const answer = fetchByPath({
    '/api/users/profile': signedInProfile(role, permissions),
    '/api/certificates/agencies': [{ id: 1, name: 'WBENC', builtIn: true }],
    '/api/certificates/policy': {
      acceptedAgencies: null,
      acceptSelfCertified: false,
      graceMonths: 3,
      expiringWindowDays: 90,
      countingRule: 'REPORTED',
    },
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/api/certificates/list')) {
      lists.push(JSON.parse(String(init?.body)));
      return jsonResponse(200, onePage([graced]));
    }
    return answer(input);
  });
  return lists;
}

describe('Certificates view', () => {
  it('reads its filters from the address, so that a reload shows the same list', async () => {
    const lists = serve('ROLE_BUYER_ADMIN');
    renderRoutes(
      [{ path: '/', element: <CertificatesView /> }],
      '/?status=IN_GRACE&type=WBE&source=OWN&agency=WBENC&sort=desc',
    );
    await waitFor(() => expect(lists.length).toBeGreaterThan(0), { timeout: 5000 });
    expect(lists[0]).toMatchObject({
      status: 'IN_GRACE',
      diversityType: 'WBE',
      source: 'OWN',
      agency: 'WBENC',
      sortOrder: 'desc',
      pageNumber: 0,
    });
    // The status filter shows the address's choice.
    expect(within(screen.getByTestId('filter-status')).getByText('In grace')).toBeTruthy();
  });

  it("shows a certificate inside the policy's grace as 'In grace', not 'Expired'", async () => {
    serve('ROLE_BUYER_ADMIN');
    renderRoutes([{ path: '/', element: <CertificatesView /> }], '/');
    const table = await screen.findByTestId('certificates-table', {}, { timeout: 5000 });
    const tag = await within(table).findByTestId('certificate-status', {}, { timeout: 5000 });
    expect(tag.textContent).toBe('In grace');
  });

  it('says where a certificate is added, to those who may add one', async () => {
    serve('ROLE_BUYER_USER');
    renderRoutes([{ path: '/', element: <CertificatesView /> }], '/');
    const pointer = await screen.findByTestId('add-certificate-pointer', {}, { timeout: 5000 });
    expect(pointer.textContent).toContain('open the supplier in Search Supplier');
    expect(within(pointer).getByRole('link').getAttribute('href')).toBe('/home/supplierSearch');
  });

  it('says nothing of adding to a reader who may not add', async () => {
    serve('ROLE_BUYER_USER', ['SUPPLIER_SPEND_VIEW']);
    renderRoutes([{ path: '/', element: <CertificatesView /> }], '/');
    await screen.findByTestId('certificates-table', {}, { timeout: 5000 });
    expect(screen.queryByTestId('add-certificate-pointer')).toBeNull();
  });
});
