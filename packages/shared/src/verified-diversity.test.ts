import { describe, expect, it } from 'vitest';
import {
  addMonths,
  certificateInputSchema,
  certificateStatus,
  DEFAULT_POLICY,
  matchReason,
  matchRule,
  normaliseFein,
  normaliseUei,
  qualifiesOn,
  type CertificateDates,
  type VendorIdentity,
} from './verified-diversity.ts';

const cert = (over: Partial<CertificateDates> = {}): CertificateDates => ({
  issueDate: '2025-01-01',
  expiryDate: '2025-06-30',
  status: 'ACTIVE',
  statusDate: null,
  ...over,
});

describe('certificate status', () => {
  it('is valid, then expiring within the window, then expired after the expiry date', () => {
    expect(certificateStatus(cert(), '2025-03-01')).toBe('VALID'); // 121 days left
    expect(certificateStatus(cert(), '2025-04-01')).toBe('EXPIRING'); // 90 days left
    expect(certificateStatus(cert(), '2025-03-31')).toBe('VALID'); // 91 days left
    expect(certificateStatus(cert(), '2025-06-30')).toBe('EXPIRING');
    expect(certificateStatus(cert(), '2025-07-01')).toBe('EXPIRED');
  });

  it("is in grace after its expiry date while the policy's grace months still count it", () => {
    // Expires 2025-06-30; two months' grace: counted through 2025-08-30.
    expect(certificateStatus(cert(), '2025-07-01', 90, 2)).toBe('IN_GRACE');
    expect(certificateStatus(cert(), '2025-08-30', 90, 2)).toBe('IN_GRACE');
    expect(certificateStatus(cert(), '2025-08-31', 90, 2)).toBe('EXPIRED');
    const policy = { ...DEFAULT_POLICY, graceMonths: 2 };
    const nmsdc = { ...cert(), agency: 'NMSDC' };
    expect(qualifiesOn(nmsdc, '2025-08-30', policy)).toBe(true);
    expect(qualifiesOn(nmsdc, '2025-08-31', policy)).toBe(false);
    // Without grace, the day after expiry is expired.
    expect(certificateStatus(cert(), '2025-07-01', 90, 0)).toBe('EXPIRED');
  });

  it("follows the organisation's window", () => {
    expect(certificateStatus(cert(), '2025-04-01', 30)).toBe('VALID');
    expect(certificateStatus(cert(), '2025-06-01', 30)).toBe('EXPIRING');
  });

  it('is suspended or decertified from its status date on', () => {
    const suspended = cert({ status: 'SUSPENDED', statusDate: '2025-03-15' });
    expect(certificateStatus(suspended, '2025-03-14')).toBe('VALID');
    expect(certificateStatus(suspended, '2025-03-15')).toBe('SUSPENDED');
    expect(certificateStatus(cert({ status: 'DECERTIFIED' }), '2025-02-01')).toBe('DECERTIFIED');
  });
});

describe('qualification on a payment date', () => {
  const nmsdc = { ...cert(), agency: 'NMSDC' };
  it('holds from the issue date to the expiry date, plus the grace months', () => {
    expect(qualifiesOn(nmsdc, '2024-12-31', DEFAULT_POLICY)).toBe(false);
    expect(qualifiesOn(nmsdc, '2025-01-01', DEFAULT_POLICY)).toBe(true);
    expect(qualifiesOn(nmsdc, '2025-06-30', DEFAULT_POLICY)).toBe(true);
    expect(qualifiesOn(nmsdc, '2025-07-01', DEFAULT_POLICY)).toBe(false);
    const grace = { ...DEFAULT_POLICY, graceMonths: 3 };
    expect(qualifiesOn(nmsdc, '2025-09-30', grace)).toBe(true);
    expect(qualifiesOn(nmsdc, '2025-10-01', grace)).toBe(false);
  });

  it('ends on the day a certificate is suspended', () => {
    const suspended = { ...nmsdc, status: 'SUSPENDED' as const, statusDate: '2025-03-15' };
    expect(qualifiesOn(suspended, '2025-03-14', DEFAULT_POLICY)).toBe(true);
    expect(qualifiesOn(suspended, '2025-03-15', DEFAULT_POLICY)).toBe(false);
  });

  it('needs an accepted agency; self-certification only when the policy says so', () => {
    const policy = { ...DEFAULT_POLICY, acceptedAgencies: ['WBENC'] };
    expect(qualifiesOn(nmsdc, '2025-02-01', policy)).toBe(false);
    const self = { ...cert(), agency: 'Self-certification' };
    expect(qualifiesOn(self, '2025-02-01', DEFAULT_POLICY)).toBe(false);
    expect(qualifiesOn(self, '2025-02-01', { ...DEFAULT_POLICY, acceptSelfCertified: true })).toBe(
      true,
    );
  });

  it('adds months as PostgreSQL does, at the end of short months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-11-30', 3)).toBe('2025-02-28');
    expect(addMonths('2025-06-30', 0)).toBe('2025-06-30');
    expect(addMonths('2025-06-30', 12)).toBe('2026-06-30');
  });
});

describe('matching rules', () => {
  const vendor = (over: Partial<VendorIdentity> = {}): VendorIdentity => ({
    uei: null,
    duns: null,
    fein: null,
    nameKey: 'acme',
    state: null,
    zip: null,
    ...over,
  });
  it('prefers UEI, then DUNS, then FEIN, then name with state and ZIP', () => {
    const supplier = vendor({
      uei: 'ABCDEFGH1234',
      duns: '123456789',
      fein: '12-3456789',
      state: 'TX',
      zip: '75001',
    });
    expect(matchRule(vendor({ uei: 'ABCDEFGH1234', nameKey: 'other' }), supplier)).toBe('UEI');
    expect(matchRule(vendor({ duns: '123456789', nameKey: 'other' }), supplier)).toBe('DUNS');
    expect(matchRule(vendor({ fein: '12-3456789', nameKey: 'other' }), supplier)).toBe('FEIN');
    expect(matchRule(vendor({ state: 'TX', zip: '75001-1234' }), supplier)).toBe('NAME_STATE_ZIP');
    expect(matchRule(vendor({ zip: '75001' }), supplier)).toBe('NAME_ZIP');
    expect(matchRule(vendor({ state: 'TX' }), supplier)).toBe('NAME_STATE');
    expect(matchRule(vendor(), supplier)).toBe('NONE');
    expect(matchRule(vendor({ nameKey: 'acme two', state: 'TX' }), supplier)).toBe('NONE');
  });

  it('normalises UEIs and FEINs', () => {
    expect(normaliseUei(' hx3kq7zlm2n5 ')).toBe('HX3KQ7ZLM2N5');
    expect(normaliseUei('123456789')).toBeNull();
    expect(normaliseFein('123456789')).toBe('12-3456789');
    expect(normaliseFein('12-345')).toBeNull();
  });
});

describe('certificate input', () => {
  it('refuses an expiry before the issue and a suspension without its date', () => {
    const result = certificateInputSchema.safeParse({
      supplierId: 1,
      diversityType: 'MBE',
      agency: 'NMSDC',
      issueDate: '2025-05-01',
      expiryDate: '2025-01-01',
      status: 'SUSPENDED',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['expiryDate', 'Expiry date must be on or after the issue date'],
      ['statusDate', 'Required when the certificate is suspended or decertified'],
    ]);
  });
});

describe('matchReason', () => {
  it('names the rule, the score, uncertainty and the supplier', () => {
    expect(matchReason('DUNS', 100, 'Alpha Freight Partners')).toBe(
      'Same DUNS · score 100 · Alpha Freight Partners',
    );
    expect(matchReason('NAME_STATE', 80, 'Blue Sky Printing')).toBe(
      'Same name and state · score 80, uncertain · Blue Sky Printing',
    );
    expect(matchReason('CONFIRMED', 100, 'Beta Metals Corp')).toBe(
      'Confirmed by a user · score 100 · Beta Metals Corp',
    );
    expect(matchReason('NONE', 0, null)).toBe('No match');
    expect(matchReason(null, null, null)).toBe('Not matched yet');
  });
});
