/**
 * The shipped SBA table against SBA's published Table of Small Business Size Standards (effective
 * March 17, 2023): a sample from every sector, each figure written here by hand from SBA's table,
 * not read from the product's copy (docs/programs.md).
 */
import { describe, expect, it } from 'vitest';
import { SBA_TABLE, SHIPPED_SIZE_STANDARDS, sizeStandardOf } from './sba-size-standards.ts';

// NAICS → [$ million of average annual receipts, or null; average employees, or null].
const PUBLISHED: Record<string, [number | null, number | null]> = {
  '111110': [2.25, null], // Soybean Farming
  '112112': [22, null], // Cattle Feedlots
  '113310': [null, 500], // Logging
  '211120': [null, 1250], // Crude Petroleum Extraction
  '221210': [null, 1150], // Natural Gas Distribution
  '236220': [45, null], // Commercial and Institutional Building Construction
  '238990': [19, null], // All Other Specialty Trade Contractors
  '311421': [null, 1000], // Fruit and Vegetable Canning
  '324110': [null, 1500], // Petroleum Refineries
  '336411': [null, 1500], // Aircraft Manufacturing
  '423430': [null, 250], // Computer ... and Software Merchant Wholesalers
  '445110': [40, null], // Supermarkets and Other Grocery Retailers
  '484121': [34, null], // General Freight Trucking, Long-Distance, Truckload
  '513210': [47, null], // Software Publishers
  '524210': [15, null], // Insurance Agencies and Brokerages
  '531210': [15, null], // Offices of Real Estate Agents and Brokers
  '541330': [25.5, null], // Engineering Services
  '541511': [34, null], // Custom Computer Programming Services
  '541715': [null, 1000], // R&D in the Physical, Engineering, and Life Sciences
  '561720': [22, null], // Janitorial Services
  '562910': [25, null], // Remediation Services
  '611310': [34.5, null], // Colleges, Universities and Professional Schools
  '621111': [16, null], // Offices of Physicians (except Mental Health Specialists)
  '722511': [11.5, null], // Full-Service Restaurants
  '811111': [9, null], // General Automotive Repair
};

describe('SBA size standards shipped', () => {
  it('states the table and its effective date', () => {
    expect(SBA_TABLE.effectiveDate).toBe('2023-03-17');
    expect(SBA_TABLE.source).toContain('13 CFR 121.201');
  });

  it.each(Object.entries(PUBLISHED))('%s has the published standard', (naics, [receipts, emp]) => {
    const standard = sizeStandardOf(naics);
    expect(standard, naics).toBeDefined();
    expect(standard!.receiptsMillions).toBe(receipts);
    expect(standard!.employees).toBe(emp);
    expect(standard!.title).not.toMatch(/\d$/); // footnote numbers removed
  });

  it('holds every industry SBA lists except the four measured by assets', () => {
    // SBA's table lists 978 six-digit industries; 522110, 522130, 522180, 522210 use assets.
    expect(SHIPPED_SIZE_STANDARDS).toBe(978 - 4);
    for (const bank of ['522110', '522130', '522180', '522210']) {
      expect(sizeStandardOf(bank)).toBeUndefined();
    }
    expect(sizeStandardOf('921110')).toBeUndefined(); // Public Administration: no standards
    expect(sizeStandardOf('54-1511')?.receiptsMillions).toBe(34);
  });
});
