/** Why a packer (its npm_config_user_agent) cannot pack the package (its package.json); null when it can. */
export function packerProblem(packageJson: Record<string, unknown>, userAgent: string | undefined): string | null;
