import { Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { useNavigate } from 'react-router'
import { errorMessage } from '@/api/client'
import { FormAlert } from '@/components/ui/form-alert'
import { formatRelativeTime } from '@/lib/format'
import { useTranslation } from '@/lib/i18n'
import { notifyError } from '@/lib/toaster'
import { LOAD_NOTIFICATIONS_FAILED, useNotifications } from '../api/get-notifications'
import { MARK_READ_FAILED, useMarkRead } from '../api/mark-read'
import type { Notification } from '../api/types'
import { useNotificationListOnScreen } from '../lib/live-toasts'
import { notificationErrorText } from '../lib/error-text'

function NotificationRow({ notice, onOpen }: { notice: Notification; onOpen: () => void }) {
  const { t } = useTranslation('notifications')
  return (
    <Box as="li" borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }}>
      <Box
        as="button"
        onClick={onOpen}
        w="full"
        textAlign="start"
        px="3"
        py="3"
        display="flex"
        gap="3"
        alignItems="flex-start"
        bg={notice.read ? undefined : 'blue.50'}
        _hover={{ bg: 'bg.muted' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '-2px' }}
        data-testid="notification"
        data-read={notice.read}
      >
        <Box
          as="span"
          mt="1.5"
          flexShrink={0}
          boxSize="2"
          borderRadius="full"
          bg={notice.read ? 'transparent' : 'blue.600'}
          aria-hidden
        />
        <Box flex="1" minW="0">
          <Text fontWeight={notice.read ? 'medium' : 'bold'} overflowWrap="anywhere">
            {notice.title}
            {!notice.read && (
              <Box as="span" srOnly>
                {' '}
                {t('notifications:list.unread')}
              </Box>
            )}
          </Text>
          {notice.body && (
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere" lineClamp={3}>
              {notice.body}
            </Text>
          )}
          <Text fontSize="xs" color="fg.muted">
            <time dateTime={notice.createdAt}>{formatRelativeTime(notice.createdAt)}</time>
          </Text>
        </Box>
      </Box>
    </Box>
  )
}

/**
 * The notification list (the bell's popover and /notifications): newest first, unread ones with a
 * dot; a click marks it read and opens its link; 'Mark all read'; older pages on 'Load more'.
 */
export function NotificationList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('notifications')
  useNotificationListOnScreen()
  const { list, items, hasMore, loadMore, loadingMore, loadMoreError } = useNotifications()
  const markRead = useMarkRead()
  const navigate = useNavigate()
  const anyUnread = items.some((n) => !n.read)

  const markReadFailed = (e: Error) => notifyError(notificationErrorText(t, errorMessage(e, MARK_READ_FAILED)))

  const open = (notice: Notification) => {
    if (!notice.read) {
      markRead.mutate({ ids: [notice.id] }, { onError: markReadFailed })
    }
    onNavigate?.()
    if (notice.link) void navigate(notice.link)
  }

  return (
    <Stack gap="2">
      <HStack justify="flex-end">
        <Button
          size="xs"
          variant="ghost"
          colorPalette="blue"
          disabled={!anyUnread}
          loading={markRead.isPending && markRead.variables && 'all' in markRead.variables}
          onClick={() => markRead.mutate({ all: true }, { onError: markReadFailed })}
        >
          {t('notifications:list.markAllRead')}
        </Button>
      </HStack>
      {list.isPending && <Spinner aria-label={t('notifications:list.loading')} alignSelf="center" />}
      {list.isError && (
        <FormAlert
          status="error"
          message={notificationErrorText(t, errorMessage(list.error, LOAD_NOTIFICATIONS_FAILED))}
        />
      )}
      {list.isSuccess && items.length === 0 && (
        <Text color="fg.muted" textAlign="center" py="6">
          {t('notifications:list.empty')}
        </Text>
      )}
      {items.length > 0 && (
        <Stack
          as="ul"
          listStyleType="none"
          gap="0"
          aria-label={t('notifications:list.label')}
          borderWidth="1px"
          borderRadius="md"
        >
          {items.map((n) => (
            <NotificationRow key={n.id} notice={n} onOpen={() => open(n)} />
          ))}
        </Stack>
      )}
      {loadMoreError && (
        <FormAlert
          status="error"
          message={notificationErrorText(t, errorMessage(loadMoreError, LOAD_NOTIFICATIONS_FAILED))}
        />
      )}
      {hasMore && (
        <Button variant="outline" size="sm" alignSelf="center" onClick={loadMore} loading={loadingMore}>
          {t('notifications:list.loadMore')}
        </Button>
      )}
    </Stack>
  )
}
