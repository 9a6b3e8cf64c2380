import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/components/ui/field';

/** The email field of the sign-in, sign-up and forgot-password forms: one label, one keyboard, one autofill hint. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode' | 'placeholder'>) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('fields.email')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      placeholder={t('fields.emailPlaceholder')}
      {...props}
    />
  );
}
