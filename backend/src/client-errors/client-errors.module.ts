import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ClientErrorsController } from './client-errors.controller';
import { ClientErrorsService } from './client-errors.service';

/** POST /api/client-errors: the web client's error screen reports crashes to the log (issue 36 §2). */
@Module({ imports: [AuthModule], controllers: [ClientErrorsController], providers: [ClientErrorsService] })
export class ClientErrorsModule {}
