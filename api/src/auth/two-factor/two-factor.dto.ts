import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional } from 'class-validator';
import { MaxText, Rule, Trim } from '../../common/field-rules.js';

const SIX_DIGITS = 'Saisissez les 6 chiffres affichés par votre application.';

/** POST /api/login/second-factor: exactly one of the three. */
export class SecondFactorDto {
  @ApiPropertyOptional({ description: "Code à 6 chiffres de l'application d'authentification.", example: '123456' })
  @IsOptional()
  @Rule('totpCode', (value) => (typeof value === 'string' && /^\s*\d{3}\s?\d{3}\s*$/.test(value) ? null : SIX_DIGITS))
  code?: string;

  @ApiPropertyOptional({ description: 'Un des codes de secours (usage unique).', example: 'ABCDE-FGHJK' })
  @IsOptional()
  @MaxText(64, 'Le code de secours est trop long.')
  recovery_code?: string;

  @ApiPropertyOptional({ description: "Réponse WebAuthn de la clé d'accès (startAuthentication)." })
  @IsOptional()
  @IsObject({ message: "La réponse de la clé d'accès est invalide." })
  credential?: Record<string, unknown>;
}

/** POST /api/login/passkey: a discoverable passkey, no password. */
export class PasskeySignInDto {
  @ApiPropertyOptional({ description: "Réponse WebAuthn de la clé d'accès (startAuthentication)." })
  @IsObject({ message: "La réponse de la clé d'accès est invalide." })
  credential: Record<string, unknown>;
}

/** The current password, asked again before a change that weakens the sign-in (auth/current-password.ts). */
export class CurrentPasswordDto {
  @ApiPropertyOptional({ description: 'Le mot de passe actuel de la personne connectée.' })
  @Rule('currentPassword', () => null)
  current_password: string;
}

/** Confirms a TOTP application with its first code. */
export class TotpConfirmDto {
  @ApiPropertyOptional({ example: '123456' })
  @Rule('totpCode', (value) => (typeof value === 'string' && /^\s*\d{3}\s?\d{3}\s*$/.test(value) ? null : SIX_DIGITS))
  code: string;
}

/** Registers a passkey (startRegistration's answer) under a name the person chooses. */
export class PasskeyRegistrationDto {
  @ApiPropertyOptional({ description: 'Réponse WebAuthn (startRegistration).' })
  @IsObject({ message: "La réponse de la clé d'accès est invalide." })
  credential: Record<string, unknown>;

  @ApiPropertyOptional({ example: 'Ordinateur du bureau' })
  @IsOptional()
  @Trim()
  @MaxText(100, 'Le nom ne doit pas dépasser 100 caractères.')
  label?: string;
}
