import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { countUsers, selectUserRole } from './users.queries';

/** Reads about users that other modules need. */
@Injectable()
export class UsersService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async isAdmin(userId: number): Promise<boolean> {
    return (await selectUserRole(this.db, userId)) === 'admin';
  }

  /** How many accounts there are. */
  count(): Promise<number> {
    return countUsers(this.db);
  }
}
