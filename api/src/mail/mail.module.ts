import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service.js';

/** E-mail for the whole application (contact, orders, password recovery): inject MailService anywhere. */
@Global()
@Module({ providers: [MailService], exports: [MailService] })
export class MailModule {}
