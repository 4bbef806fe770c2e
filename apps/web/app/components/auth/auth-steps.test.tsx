// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../test/render.tsx';
import { SuggestingField } from './email-field.tsx';
import { ResendCode } from './resend-code.tsx';
import { CodeStep, LoginStep, PasswordStep } from './signin-steps.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('email typo hint (spec platform §5 suggestions)', () => {
  it('offers the likely address and fills the field when pressed', async () => {
    renderInRouter(<SuggestingField name="email" label="Электронная почта" />);
    const input = await screen.findByLabelText<HTMLInputElement>('Электронная почта');
    expect(screen.queryByTestId('email-suggestion')).toBeNull();
    fireEvent.change(input, { target: { value: 'ivan@gmial.com' } });
    const hint = screen.getByTestId('email-suggestion');
    expect(hint.textContent).toBe('Возможно, вы имели в виду ivan@gmail.com?');
    expect(hint.querySelector('b')?.textContent).toBe('ivan@gmail.com');
    fireEvent.click(hint);
    expect(input.value).toBe('ivan@gmail.com');
    expect(screen.queryByTestId('email-suggestion')).toBeNull();
  });

  it('says nothing for a phone or a known domain', async () => {
    renderInRouter(<SuggestingField name="login" label="Почта или телефон" />);
    const input = await screen.findByLabelText('Почта или телефон');
    for (const value of ['+7 999 123-45-67', 'ivan@mail.ru', 'ivan']) {
      fireEvent.change(input, { target: { value } });
      expect(screen.queryByTestId('email-suggestion')).toBeNull();
    }
    fireEvent.change(input, { target: { value: 'ivan@mail.r' } });
    expect(screen.getByTestId('email-suggestion').textContent).toBe('Возможно, вы имели в виду ivan@mail.ru?');
  });

  it('shows the hint under the sign-in field from the server-rendered value too', async () => {
    renderInRouter(<LoginStep back="/" complete={false} login="ivan@yandex.ry" errors={{ login: 'emailInvalid' }} social={[]} />);
    expect((await screen.findByTestId('email-suggestion')).textContent).toBe('Возможно, вы имели в виду ivan@yandex.ru?');
    expect(screen.getByRole('alert').textContent).toBe('Почта введена некорректно');
  });
});

describe('the resend countdown', () => {
  it('counts down and then lets the visitor ask for a new code', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    renderInRouter(<ResendCode seconds={3} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const button = screen.getByTestId<HTMLButtonElement>('code-resend');
    expect(button.textContent).toBe('Новый код — через 0:03');
    expect(button.disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(button.textContent).toBe('Новый код — через 0:02');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(button.textContent).toBe('Отправить код ещё раз');
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('value')).toBe('resend');
  });

  it('is ready at once when the wait is over', async () => {
    renderInRouter(<ResendCode seconds={0} />);
    expect((await screen.findByTestId<HTMLButtonElement>('code-resend')).disabled).toBe(false);
  });
});

describe('the steps', () => {
  it('shows the phone in the display format with a way to change it, keeping the return URL', async () => {
    renderInRouter(<CodeStep back="/watch/tayna" complete={false} phone="+79991234567" resendIn={42} sentAt={1} errors={{ code: 'codeInvalid' }} resent={false} />);
    expect((await screen.findByTestId('auth-typed')).textContent).toBe('+7 999 123-45-67');
    expect(screen.getByTestId('auth-change').getAttribute('href')).toBe('/auth/reset?back=%2Fwatch%2Ftayna');
    expect(screen.getByRole('heading').textContent).toBe('Код из SMS');
    expect(screen.getByRole('alert').textContent).toBe('Неверный или устаревший код');
    expect(screen.getByTestId('code-resend').textContent).toBe('Новый код — через 0:42');
  });

  it('titles the code step as completing the registration', async () => {
    renderInRouter(<CodeStep back="/" complete phone="+79991234567" resendIn={0} sentAt={1} errors={{ form: 'phoneTaken' }} resent={false} />);
    expect((await screen.findByRole('heading')).textContent).toBe('Завершение регистрации');
    expect(screen.getByTestId('code-submit').textContent).toBe('Завершить регистрацию');
    expect(screen.getByRole('alert').textContent).toContain('Этот номер уже привязан к другому аккаунту');
  });

  it('asks for a phone only when completing the registration', async () => {
    renderInRouter(<LoginStep back="/" complete login="" errors={{ login: 'phoneNotMobile' }} social={[]} />);
    expect((await screen.findByRole('heading')).textContent).toBe('Завершение регистрации');
    expect(screen.getByLabelText('Номер телефона').getAttribute('type')).toBe('tel');
    expect(screen.getByRole('alert').textContent).toBe('Это не мобильный номер. Код придёт только на мобильный, например +7\u00a0999\u00a0123\u201145\u201167');
    expect(screen.queryByText('Зарегистрироваться по почте')).toBeNull();
  });

  it('labels the one field «Почта или телефон» when signing in', async () => {
    renderInRouter(<LoginStep back="/" complete={false} login="" errors={undefined} social={[]} />);
    expect(await screen.findByLabelText('Почта или телефон')).toBeTruthy();
    expect(screen.getByTestId('login-submit').textContent).toBe('Продолжить');
  });

  it('offers sign-up with the typed email from the password step', async () => {
    renderInRouter(<PasswordStep back="/movies" email="ivan@mail.ru" errors={undefined} />);
    expect((await screen.findByText('Нет аккаунта? Зарегистрируйтесь')).getAttribute('href')).toBe('/signup?email=ivan%40mail.ru&back=%2Fmovies');
    expect(screen.getByTestId('auth-typed').textContent).toBe('ivan@mail.ru');
  });
});
