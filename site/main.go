// Command site serves the built playground (the output of
// "go run ./scripts/build") over HTTP:
//
//	go run ./site [-addr :8080] [-dir build/site]
//
// It stops gracefully on SIGINT or SIGTERM: downloads in flight get
// -shutdown-grace (30s) to finish, then their connections close, and the
// exit status is 0.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop() // a second signal kills at once
	}()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintf(os.Stderr, "kubeplay: %v\n", err)
		os.Exit(1)
	}
}

// run parses args, serves until ctx is done, then shuts down gracefully.
// It prints one line to stdout once it is listening.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("site", flag.ContinueOnError)
	flags.SetOutput(stderr)
	addr := flags.String("addr", ":8080", "address to listen on")
	dir := flags.String("dir", "build/site", "directory to serve (the build output)")
	grace := flags.Duration("shutdown-grace", shutdownGrace, "how long a shutdown waits for downloads in flight")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %q", flags.Args())
	}

	logger := log.New(stderr, "kubeplay: ", 0)
	h, err := NewHandler(*dir, logger)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := newServer(h, logger)
	fmt.Fprintf(stdout, "kubeplay: serving %s on %s\n", *dir, displayURL(ln.Addr()))

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	return shutdown(srv, errc, *grace, logger)
}

// shutdown stops accepting connections and waits up to grace for the
// requests in flight (a slow download of the wasm) to finish, then closes
// what is left. Either way the server has stopped as asked: that is a
// clean exit.
func shutdown(srv *http.Server, errc <-chan error, grace time.Duration, logger *log.Logger) error {
	ctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		if !errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("shutdown: %w", err)
		}
		logger.Printf("downloads still running after %v; closing their connections", grace)
		if err := srv.Close(); err != nil {
			return fmt.Errorf("shutdown: %w", err)
		}
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// displayURL returns a URL a person can open for a listener: "localhost"
// stands in for an unspecified address such as ":8080".
func displayURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String()
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}
