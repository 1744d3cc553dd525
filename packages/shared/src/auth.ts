/** `POST /api/admin/login`'s answer (its body's schema: auth.schemas.ts). */
export interface AdminLoginResponse {
  token: string;
}
