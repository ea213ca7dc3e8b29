import type { FakeClock } from './clock.js';
import { FakeRepo, type FakeUser, type FileChanges } from './repo.js';

export interface CreateRepoOptions {
  private?: boolean;
  defaultBranch?: string;
  description?: string;
  /** Files of the first commit; none leaves the repository empty. */
  files?: FileChanges;
}

/** Users and repositories of the fake, addressed case-insensitively as GitHub does. */
export class GitHubState {
  private readonly users = new Map<string, FakeUser>();
  private readonly repos = new Map<string, FakeRepo>();
  private nextUserId = 1;
  private nextRepoId = 100_001;

  constructor(private readonly clock: FakeClock) {}

  addUser(login: string, fields: { name?: string; email?: string } = {}): FakeUser {
    const user: FakeUser = { id: this.nextUserId++, login, name: fields.name ?? login, email: fields.email ?? `${login}@users.noreply.example` };
    this.users.set(login.toLowerCase(), user);
    return user;
  }

  user(login: string): FakeUser | undefined {
    return this.users.get(login.toLowerCase());
  }

  createRepo(owner: FakeUser, name: string, options: CreateRepoOptions = {}): FakeRepo {
    const repo = new FakeRepo(this.nextRepoId++, owner, name, options.private ?? true, options.defaultBranch ?? 'main', this.clock);
    repo.description = options.description ?? null;
    if (options.files) repo.commit(options.files, { message: 'Initial commit' });
    this.repos.set(repo.fullName.toLowerCase(), repo);
    return repo;
  }

  repo(owner: string, name: string): FakeRepo | undefined {
    return this.repos.get(`${owner}/${name}`.toLowerCase());
  }

  allRepos(): FakeRepo[] {
    return [...this.repos.values()];
  }

  /** Repositories the user owns or collaborates on. */
  reposOf(user: FakeUser): FakeRepo[] {
    return this.allRepos().filter((r) => r.owner.id === user.id || r.collaborators.has(user.login.toLowerCase()));
  }

  /** Removes a repository (for tests of a repository that disappears at the source). */
  deleteRepo(repo: FakeRepo): void {
    this.repos.delete(repo.fullName.toLowerCase());
  }
}
