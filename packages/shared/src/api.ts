/** Every API error body: `{ "error": "..." }`, with a stable machine code where one exists. */
export interface ApiErrorBody {
  error: string;
  code?: string;
}
