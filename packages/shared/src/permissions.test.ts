import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, deriveFeatures } from './permissions.ts';

describe('deriveFeatures', () => {
  it('allows nothing without permissions', () => {
    const features = deriveFeatures([]);
    for (const [name, flags] of Object.entries(features)) {
      for (const [flag, value] of Object.entries(flags))
        expect(value, `${name}.${flag}`).toBe(false);
    }
  });

  it('allows everything with every permission', () => {
    const features = deriveFeatures(PERMISSIONS);
    for (const [name, flags] of Object.entries(features)) {
      for (const [flag, value] of Object.entries(flags))
        expect(value, `${name}.${flag}`).toBe(true);
    }
  });

  it('allows a section with any one of its action permissions, without its view', () => {
    expect(deriveFeatures(['DELETE_CONTRACT']).contract).toEqual({
      allowed: true,
      addEdit: false,
      deleteFile: true,
      createReport: false,
    });
    expect(deriveFeatures(['CREATE_MARKET_SHARE_REPORT']).marketShare).toEqual({
      allowed: true,
      createReport: true,
    });
    expect(deriveFeatures(['SPORTZCITY_ADMIN_CREATION']).client).toMatchObject({
      allowed: true,
      createAdmin: true,
      createClient: false,
    });
  });

  it('allows Search Supplier, Training and Diversity Events with the view or the upload permission', () => {
    expect(deriveFeatures(['SEARCH_SUPPLIER_VIEW']).searchSupplier).toEqual({
      allowed: true,
      uploadFile: false,
    });
    expect(deriveFeatures(['UPLOAD_SUPPLIER_LIST']).searchSupplier).toEqual({
      allowed: true,
      uploadFile: true,
    });
    expect(deriveFeatures(['TRAINING_VIEW']).training).toEqual({
      allowed: true,
      uploadTraining: false,
    });
    expect(deriveFeatures(['TRAINING_VIDEO_UPLOAD']).training).toEqual({
      allowed: true,
      uploadTraining: true,
    });
    expect(deriveFeatures(['DIVERSITY_EVENTS_VIEW']).diversityEvent).toEqual({
      allowed: true,
      uploadEvent: false,
    });
    expect(deriveFeatures(['UPLOAD_DIVERSITY_EVENT']).diversityEvent).toEqual({
      allowed: true,
      uploadEvent: true,
    });
  });

  it('gives the default roles what DESIGN.md §4 says', () => {
    const buyerUser = deriveFeatures(DEFAULT_ROLE_PERMISSIONS.ROLE_BUYER_USER);
    expect(buyerUser.supplierAndSpend).toEqual({
      allowed: true,
      deleteFile: false,
      uploadFile: true,
      createReport: true,
    });
    expect(buyerUser.contract.deleteFile).toBe(false);
    expect(buyerUser.user.allowed).toBe(false);
    expect(buyerUser.client.allowed).toBe(false);

    const buyerAdmin = deriveFeatures(DEFAULT_ROLE_PERMISSIONS.ROLE_BUYER_ADMIN);
    expect(buyerAdmin.user).toEqual({ allowed: true, addEdit: true, deleteUser: true });
    expect(buyerAdmin.client.allowed).toBe(false);
    expect(buyerAdmin.searchSupplier.uploadFile).toBe(false);

    const supplier = deriveFeatures(DEFAULT_ROLE_PERMISSIONS.ROLE_SUPPLIER);
    expect(supplier.supplierAndSpend.allowed).toBe(false);
    expect(supplier.searchSupplier.allowed).toBe(true);
    expect(supplier.training).toEqual({ allowed: true, uploadTraining: false });

    const superAdmin = deriveFeatures(DEFAULT_ROLE_PERMISSIONS.ROLE_SUPER_ADMIN);
    expect(superAdmin.client).toMatchObject({
      allowed: true,
      createAdmin: false,
      createClient: true,
    });
  });
});
