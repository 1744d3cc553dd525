export function renderNginx(options: { dir: string; port: number; replicas: string[] }): string;
export function nginxArgs(dir: string, config: string): string[];
