package main

// vector is one Deployment manifest, as a learner writes it, and the
// collision counts to hash its template with.
type vector struct {
	name            string
	manifest        string
	collisionCounts []*int32
}

func cc(n int32) *int32 { return &n }

var (
	// nilOnly is a new Deployment's hash (status.collisionCount unset).
	nilOnly = []*int32{nil}
	// counts adds the hashes after one and two collisions.
	counts = []*int32{nil, cc(1), cc(2)}
)

// deployment wraps a pod template (indented for the template: key) in a
// Deployment named name.
func deployment(name, template string) string {
	return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ` + name + `
spec:
  replicas: 3
  selector:
    matchLabels:
      app: ` + name + `
  template:
` + template
}

var vectors = []vector{
	{"minimal", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
`), counts},
	{"readme-nginx", deployment("nginx", `
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
`), counts},
	{"latest-tag", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx
`), nilOnly},
	{"pull-always", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        imagePullPolicy: Always
`), nilOnly},
	{"pull-never-digest", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: registry.example.com/team/web@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
        imagePullPolicy: Never
`), nilOnly},
	{"ports", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        ports:
        - name: http
          containerPort: 8080
        - name: dns
          containerPort: 53
          protocol: UDP
        - name: metrics
          containerPort: 9090
          protocol: TCP
          hostPort: 19090
`), nilOnly},
	{"env", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        env:
        - name: MODE
          value: production
        - name: EMPTY
          value: ""
        - name: POD_NAME
          valueFrom:
            fieldRef:
              fieldPath: metadata.name
        - name: NODE
          valueFrom:
            fieldRef:
              apiVersion: v1
              fieldPath: spec.nodeName
`), nilOnly},
	{"resources-cpu-milli", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        resources:
          requests:
            cpu: 500m
            memory: 64Mi
          limits:
            cpu: "1"
            memory: 128Mi
`), nilOnly},
	{"resources-decimal-spellings", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        resources:
          requests:
            cpu: "0.5"
            memory: 1024Mi
          limits:
            cpu: 1500m
            memory: 1Gi
`), nilOnly},
	{"resources-odd-spellings", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        resources:
          requests:
            cpu: 100m
            memory: "134217728"
            ephemeral-storage: 2G
          limits:
            cpu: 2000m
            memory: 0.5Gi
            ephemeral-storage: 4e9
`), nilOnly},
	{"resources-numbers", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        resources:
          requests:
            cpu: 1
            memory: 8Gi
          limits:
            cpu: 2.5
            memory: 12Gi
`), nilOnly},
	{"resources-huge", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        resources:
          limits:
            memory: 1Pi
            ephemeral-storage: 2Ti
          requests:
            memory: 100Ti
`), nilOnly},
	{"http-probes", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        ports:
        - name: http
          containerPort: 80
        readinessProbe:
          httpGet:
            path: /healthz
            port: http
          initialDelaySeconds: 5
          periodSeconds: 5
        livenessProbe:
          httpGet:
            path: /
            port: 80
            httpHeaders:
            - name: X-Probe
              value: kubelet
          failureThreshold: 5
`), nilOnly},
	{"tcp-exec-grpc-probes", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        startupProbe:
          tcpSocket:
            port: 8080
          failureThreshold: 30
          periodSeconds: 2
        readinessProbe:
          exec:
            command: ["cat", "/tmp/ready"]
          timeoutSeconds: 3
        livenessProbe:
          grpc:
            port: 9000
          terminationGracePeriodSeconds: 10
`), nilOnly},
	{"two-containers", deployment("web", `
    metadata:
      labels:
        app: web
        tier: front
    spec:
      containers:
      - name: web
        image: nginx:1.25
        ports:
        - containerPort: 80
      - name: log-shipper
        image: busybox:1.36
        command: ["sh", "-c"]
        args: ["tail -F /var/log/nginx/access.log"]
        workingDir: /var/log
`), nilOnly},
	{"init-containers", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      initContainers:
      - name: migrate
        image: busybox:1.36
        command: ["sh", "-c", "echo migrating; sleep 2"]
      containers:
      - name: web
        image: nginx:1.25
`), counts},
	{"emptydir-volumes", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      volumes:
      - name: cache
        emptyDir: {}
      - name: scratch
        emptyDir:
          medium: Memory
          sizeLimit: 256Mi
      - name: bare
      containers:
      - name: web
        image: nginx:1.25
        volumeMounts:
        - name: cache
          mountPath: /cache
        - name: scratch
          mountPath: /scratch
          readOnly: true
          subPath: tmp
`), nilOnly},
	{"downward-projected-volumes", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      volumes:
      - name: podinfo
        downwardAPI:
          items:
          - path: labels
            fieldRef:
              fieldPath: metadata.labels
      - name: token
        projected:
          sources:
          - serviceAccountToken:
              path: token
              audience: vault
          - configMap:
              name: app-config
              items:
              - key: app.properties
                path: app.properties
      containers:
      - name: web
        image: nginx:1.25
        volumeMounts:
        - name: podinfo
          mountPath: /etc/podinfo
        - name: token
          mountPath: /var/run/secrets/tokens
`), nilOnly},
	{"annotations", deployment("web", `
    metadata:
      labels:
        app: web
        version: v2
      annotations:
        prometheus.io/scrape: "true"
        prometheus.io/port: "9090"
        kubectl.kubernetes.io/restartedAt: "2026-12-01T10:00:00Z"
    spec:
      containers:
      - name: web
        image: nginx:1.25
`), counts},
	{"node-selector", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      nodeSelector:
        kubernetes.io/os: linux
        disktype: ssd
      containers:
      - name: web
        image: nginx:1.25
`), nilOnly},
	{"tolerations", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      tolerations:
      - key: dedicated
        operator: Equal
        value: web
        effect: NoSchedule
      - key: node.kubernetes.io/unreachable
        operator: Exists
        effect: NoExecute
        tolerationSeconds: 60
      - operator: Exists
      containers:
      - name: web
        image: nginx:1.25
`), nilOnly},
	{"pod-security-context", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      securityContext:
        runAsUser: 1000
        runAsGroup: 3000
        runAsNonRoot: true
        fsGroup: 2000
      containers:
      - name: web
        image: nginx:1.25
`), nilOnly},
	{"lifecycle-hooks", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      terminationGracePeriodSeconds: 60
      containers:
      - name: web
        image: nginx:1.25
        lifecycle:
          postStart:
            exec:
              command: ["sh", "-c", "echo started > /tmp/started"]
          preStop:
            sleep:
              seconds: 5
      - name: api
        image: example/api:2.0
        lifecycle:
          preStop:
            httpGet:
              path: /drain
              port: 8080
`), nilOnly},
	{"pod-settings", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      restartPolicy: Always
      dnsPolicy: Default
      schedulerName: my-scheduler
      serviceAccountName: web-sa
      automountServiceAccountToken: false
      priorityClassName: high
      enableServiceLinks: false
      hostname: web
      subdomain: web-headless
      containers:
      - name: web
        image: nginx:1.25
        terminationMessagePolicy: FallbackToLogsOnError
        terminationMessagePath: /tmp/termination
`), nilOnly},
	{"deprecated-service-account", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      serviceAccount: legacy
      runtimeClassName: gvisor
      containers:
      - name: web
        image: nginx:1.25
`), nilOnly},
	{"empty-lists-and-maps", deployment("web", `
    metadata:
      labels:
        app: web
      annotations: {}
    spec:
      nodeSelector: {}
      tolerations: []
      volumes: []
      initContainers: []
      containers:
      - name: web
        image: nginx:1.25
        command: []
        args: []
        env: []
        ports: []
        resources: {}
`), nilOnly},
	{"container-security-context", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        securityContext:
          allowPrivilegeEscalation: false
          readOnlyRootFilesystem: true
          runAsNonRoot: true
          runAsUser: 101
          capabilities:
            drop: ["ALL"]
            add: ["NET_BIND_SERVICE"]
`), nilOnly},
	{"affinity", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
            - matchExpressions:
              - key: topology.kubernetes.io/zone
                operator: In
                values: ["zone-a", "zone-b"]
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 10
            preference:
              matchExpressions:
              - key: disktype
                operator: In
                values: ["ssd"]
        podAntiAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 100
            podAffinityTerm:
              topologyKey: kubernetes.io/hostname
              labelSelector:
                matchLabels:
                  app: web
      containers:
      - name: web
        image: nginx:1.25
`), nilOnly},
	{"env-from", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        envFrom:
        - configMapRef:
            name: app-config
        - prefix: DB_
          secretRef:
            name: db-credentials
            optional: true
        env:
        - name: PASSWORD
          valueFrom:
            secretKeyRef:
              name: db-credentials
              key: password
        - name: COLOR
          valueFrom:
            configMapKeyRef:
              name: app-config
              key: color
`), nilOnly},
	{"config-secret-hostpath-volumes", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      volumes:
      - name: config
        configMap:
          name: app-config
      - name: certs
        secret:
          secretName: tls
          defaultMode: 0400
      - name: logs
        hostPath:
          path: /var/log
      containers:
      - name: web
        image: nginx:1.25
        volumeMounts:
        - name: config
          mountPath: /etc/app
        - name: certs
          mountPath: /etc/tls
          readOnly: true
        - name: logs
          mountPath: /host/logs
`), nilOnly},
	{"sidecar-init-container", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      initContainers:
      - name: proxy
        image: envoyproxy/envoy:v1.30
        restartPolicy: Always
      containers:
      - name: web
        image: nginx:1.25
`), nilOnly},
	{"host-network-readiness-gates", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      hostNetwork: true
      readinessGates:
      - conditionType: example.com/load-balancer-ready
      containers:
      - name: web
        image: nginx:1.25
        ports:
        - containerPort: 8080
`), nilOnly},
	{"topology-spread", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: topology.kubernetes.io/zone
        whenUnsatisfiable: DoNotSchedule
        labelSelector:
          matchLabels:
            app: web
      containers:
      - name: web
        image: nginx:1.25
`), nilOnly},
	{"image-pull-secrets", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      imagePullSecrets:
      - name: regcred
      containers:
      - name: web
        image: registry.example.com/web:1.0
`), nilOnly},
	// The template of assets/scenarios/rolling-update.txtar before and
	// after its kubectl set image: the README quotes the first hash.
	{"scenario-rolling-update", scenarioNginx("nginx:1.14.2"), nilOnly},
	{"scenario-rolling-update-set-image", scenarioNginx("nginx:1.16.1"), nilOnly},
	// A timestamp in the template survives protobuf as whole seconds in
	// kube-controller-manager's Local zone (see main's TZ check).
	{"template-creation-timestamp", deployment("web", `
    metadata:
      creationTimestamp: "2026-03-04T05:06:07Z"
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
`), nilOnly},
	{"downward-resource-divisor", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      volumes:
      - name: limits
        downwardAPI:
          items:
          - path: cpu
            resourceFieldRef:
              containerName: web
              resource: limits.cpu
              divisor: 1m
      containers:
      - name: web
        image: nginx:1.25
        resources:
          limits:
            cpu: 250m
            memory: 1.5Gi
        env:
        - name: MEM_LIMIT
          valueFrom:
            resourceFieldRef:
              resource: limits.memory
              divisor: 1Mi
        - name: CPU_REQUEST
          valueFrom:
            resourceFieldRef:
              resource: requests.cpu
        volumeMounts:
        - name: limits
          mountPath: /etc/limits
`), nilOnly},
	{"ephemeral-and-pvc-volumes", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      volumes:
      - name: scratch
        ephemeral:
          volumeClaimTemplate:
            metadata:
              labels:
                type: scratch
            spec:
              accessModes: ["ReadWriteOnce"]
              storageClassName: fast
              resources:
                requests:
                  storage: 1Gi
      - name: data
        persistentVolumeClaim:
          claimName: web-data
          readOnly: true
      - name: shared
        nfs:
          server: nfs.example.com
          path: /exports/web
      - name: secrets-store
        csi:
          driver: secrets-store.csi.k8s.io
          readOnly: true
          volumeAttributes:
            secretProviderClass: web
      containers:
      - name: web
        image: nginx:1.25
        volumeMounts:
        - name: scratch
          mountPath: /scratch
        - name: data
          mountPath: /data
        - name: shared
          mountPath: /shared
        - name: secrets-store
          mountPath: /mnt/secrets
`), nilOnly},
	{"dns-hosts-os-gates", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      os:
        name: linux
      dnsPolicy: None
      dnsConfig:
        nameservers: ["1.1.1.1"]
        searches: ["svc.cluster.local"]
        options:
        - name: ndots
          value: "2"
        - name: edns0
      hostAliases:
      - ip: 10.1.2.3
        hostnames: ["foo.local", "bar.local"]
      schedulingGates:
      - name: example.com/quota
      shareProcessNamespace: true
      setHostnameAsFQDN: false
      containers:
      - name: web
        image: nginx:1.25
`), nilOnly},
	{"pod-security-extras", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      securityContext:
        runAsNonRoot: true
        supplementalGroups: [4000, 5000]
        fsGroupChangePolicy: OnRootMismatch
        seccompProfile:
          type: RuntimeDefault
        sysctls:
        - name: net.ipv4.ip_local_port_range
          value: "1024 65535"
      containers:
      - name: web
        image: nginx:1.25
        securityContext:
          privileged: false
          seccompProfile:
            type: Localhost
            localhostProfile: profiles/web.json
          appArmorProfile:
            type: RuntimeDefault
`), nilOnly},
	{"probes-https-grpc-service", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        readinessProbe:
          httpGet:
            path: /ready
            port: 8443
            scheme: HTTPS
            host: 127.0.0.1
        livenessProbe:
          grpc:
            port: 9000
            service: health
          periodSeconds: 20
        startupProbe:
          exec:
            command: ["true"]
          successThreshold: 1
          failureThreshold: 60
`), nilOnly},
	{"resize-policy-and-ports", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        resizePolicy:
        - resourceName: cpu
          restartPolicy: NotRequired
        - resourceName: memory
          restartPolicy: RestartContainer
        ports:
        - containerPort: 9000
          protocol: SCTP
          hostIP: 127.0.0.1
          hostPort: 9000
        stdin: true
        tty: true
`), nilOnly},
	{"image-volume-and-pull-policies", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      volumes:
      - name: model
        image:
          reference: registry.example.com/models/llm:v1
      - name: model-latest
        image:
          reference: registry.example.com/models/llm
      containers:
      - name: web
        image: nginx:1.25
        volumeMounts:
        - name: model
          mountPath: /models/v1
        - name: model-latest
          mountPath: /models/latest
`), nilOnly},
	{"host-namespaces", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      hostPID: true
      hostIPC: true
      hostNetwork: true
      dnsPolicy: ClusterFirstWithHostNet
      containers:
      - name: web
        image: nginx:1.25
        ports:
        - containerPort: 8080
          hostPort: 8080
`), nilOnly},
	{"spread-match-label-keys", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      topologySpreadConstraints:
      - maxSkew: 2
        minDomains: 3
        topologyKey: kubernetes.io/hostname
        whenUnsatisfiable: DoNotSchedule
        labelSelector:
          matchExpressions:
          - key: app
            operator: In
            values: ["web"]
        matchLabelKeys: ["pod-template-hash"]
        nodeAffinityPolicy: Honor
        nodeTaintsPolicy: Ignore
      affinity:
        podAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - topologyKey: topology.kubernetes.io/zone
            labelSelector:
              matchLabels:
                app: cache
            namespaces: ["cache"]
      containers:
      - name: web
        image: nginx:1.25
`), nilOnly},
	{"pod-level-resources", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      resources:
        requests:
          cpu: 500m
          memory: 256Mi
        limits:
          cpu: "1"
          memory: 512Mi
      containers:
      - name: web
        image: nginx:1.25
      - name: sidecar
        image: busybox:1.36
        command: ["sleep", "infinity"]
`), nilOnly},
	{"lifecycle-tcp-and-exec-env-sources", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        lifecycle:
          postStart:
            tcpSocket:
              port: 80
          preStop:
            exec:
              command: ["nginx", "-s", "quit"]
        env:
        - name: HOST_IP
          valueFrom:
            fieldRef:
              fieldPath: status.hostIP
        - name: CONFIG
          valueFrom:
            configMapKeyRef:
              name: app-config
              key: config
              optional: false
`), counts},
	{"projected-everything", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      volumes:
      - name: all-in-one
        projected:
          defaultMode: 0440
          sources:
          - secret:
              name: tls
              items:
              - key: tls.crt
                path: cert.pem
                mode: 0400
          - downwardAPI:
              items:
              - path: namespace
                fieldRef:
                  fieldPath: metadata.namespace
              - path: mem
                resourceFieldRef:
                  containerName: web
                  resource: limits.memory
          - serviceAccountToken:
              path: token
              expirationSeconds: 7200
      containers:
      - name: web
        image: nginx:1.25
        volumeMounts:
        - name: all-in-one
          mountPath: /projected
`), nilOnly},
	// Fields whose feature gates are off in v1.37: the API server drops
	// them on create (dropDisabledFields), so they take no part.
	{"gated-fields-dropped", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      volumes:
      - name: cache
        emptyDir:
          mode: 0700
      containers:
      - name: web
        image: nginx:1.25
        lifecycle:
          stopSignal: SIGUSR1
        readinessProbe:
          grpc:
            port: 9000
            mode: TLS
        livenessProbe:
          httpGet:
            port: 8080
            protocol: HTTP2
        volumeMounts:
        - name: cache
          mountPath: /cache
          bindMountOptions: ["noexec"]
`), nilOnly},
	// hostNetwork copies container ports to hostPort on Pods only, not in
	// a template.
	{"host-network-no-host-port", deployment("web", `
    metadata:
      labels:
        app: web
    spec:
      hostNetwork: true
      containers:
      - name: web
        image: nginx:1.25
        ports:
        - containerPort: 8080
`), nilOnly},
}

func scenarioNginx(image string) string {
	return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app.kubernetes.io/name: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app.kubernetes.io/name: nginx
  template:
    metadata:
      labels:
        app.kubernetes.io/name: nginx
    spec:
      containers:
      - name: nginx
        image: ` + image + `
        ports:
        - containerPort: 80
`
}
