import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { selectUserRole } from './users.queries';

/** Reads about a user that other modules' guards need. */
@Injectable()
export class UsersService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async isAdmin(userId: number): Promise<boolean> {
    return (await selectUserRole(this.db, userId)) === 'admin';
  }
}
