package kubectl

import (
	"errors"
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
)

type dryRun int

const (
	dryRunNone dryRun = iota
	dryRunClient
	dryRunServer
)

// getDryRunStrategy is cmdutil.GetDryRunStrategy.
func getDryRunStrategy(fs *flagSet) (dryRun, error) {
	switch v := fs.string("dry-run"); v {
	case "", "none":
		return dryRunNone, nil
	case "client":
		return dryRunClient, nil
	case "server":
		return dryRunServer, nil
	case "unchanged":
		return dryRunNone, errors.New(`--dry-run flag without a value was specified. A value must be set: "none", "server", or "client".`)
	default:
		return dryRunNone, fmt.Errorf(`Invalid dry-run value (%v). Must be "none", "server", or "client".`, v)
	}
}

// suffix is what the name printer adds to the operation.
func (d dryRun) suffix() string {
	switch d {
	case dryRunClient:
		return " (dry run)"
	case dryRunServer:
		return " (server dry run)"
	}
	return ""
}

// write makes a command's write as --dry-run says: for real (none); as a
// server dry run (dryRun=All: the API server admits and answers, and
// stores nothing); or not at all for a client dry run, which answers
// local, the object as kubectl changed it on its own side.
func (e *env) write(dry dryRun, local, send func() (api.Object, error)) (api.Object, error) {
	switch dry {
	case dryRunClient:
		return local()
	case dryRunServer:
		var obj api.Object
		err := e.cluster.Server().DryRun(func() (err error) {
			obj, err = send()
			return err
		})
		return obj, err
	}
	return send()
}
