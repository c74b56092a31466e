/** The API's reply shapes (DESIGN.md §3), shared by the server's response schemas and the web client. */
import { z } from 'zod';
import { LIMITS, numeric } from './validation.ts';
import { featuresSchema } from './features.ts';
import type { Features, Permission } from './permissions.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const SUCCESS = {
  fetched: 'Fetched Successfully',
  created: 'Created Successfully',
  updated: 'Updated Successfully',
  deleted: 'Deleted Successfully',
  fetchedList: 'Fetched List Successfully',
  userDetailUpdated: 'User Detail Updated Successfully.',
} as const;

/** Body of every paged list request: `pageNumber` from 0, optional `pageSize`. */
export const pageRequestSchema = z.object({
  pageNumber: numeric(z.number().int().min(0).max(LIMITS.maxId)).default(0),
  pageSize: numeric(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
});
export type PageRequest = z.infer<typeof pageRequestSchema>;

export interface Envelope<T> {
  message: string;
  data: T;
}

export interface Paged<T> {
  message: string;
  data: T[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  length: number;
}

export interface ApiErrorBody {
  message: string;
  errors?: { field: string; message: string }[];
}

export interface UserProfile {
  id: number;
  clientId: string;
  name: string;
  email: string;
  companyName: string | null;
  /** The organisation's type (a supplier organisation's users report Tier 2). */
  clientType: 'BUYER' | 'SUPPLIER' | 'SUPER_ADMIN';
  createdDate: string;
  role: string;
  profilePicUrl: string | null;
  gender: string | null;
  dateOfBirth: string | null;
  phone: string | null;
  permissions: Permission[];
  features: Features;
}

export interface SigninReply {
  message: string;
  accessToken: string;
  tokenType: 'Bearer';
}

/* Response schemas: every route declares one (they also document the API at /api/docs). */

export const messageReplySchema = z.object({ message: z.string() });

export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({
    message: z.string(),
    data: z.array(item),
    totalCount: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    length: z.number().int(),
  });

export const successFlagSchema = envelopeOf(z.object({ success: z.boolean() }));

export const signinReplySchema = z.object({
  message: z.string(),
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
});

export const userProfileSchema = z.object({
  id: z.number().int(),
  clientId: z.string(),
  name: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  /** The organisation's type: a supplier organisation's users report Tier 2. */
  clientType: z.enum(['BUYER', 'SUPPLIER', 'SUPER_ADMIN']),
  createdDate: z.string(),
  role: z.string(),
  profilePicUrl: z.string().nullable(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  phone: z.string().nullable(),
  permissions: z.array(z.string()),
  features: featuresSchema,
});

export const passwordChangeReplySchema = z.object({
  message: z.string(),
  data: z.object({ accessToken: z.string() }),
});
